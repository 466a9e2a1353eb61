//! `c4 bench explain`: Allis' rules on random positions of one board: how many they prove,
//! by ply, and the time of `explain` (median, p90, p99, max, one thread); with `--check`,
//! every proof checked against the solver, which also says how many positions a proof of
//! each kind could hold for.

use crate::board_size::SizeArg;
use crate::plies::PlyRange;
use anyhow::{Result, bail};
use c4_core::{AnySize, Position, Size};
use c4_knowledge::{ProofResult, explain};
use c4_players::builtin_stores;
use c4_solver::{SolveLimits, Solver};
use std::io::Write;
use std::time::Instant;

/// The solver's node budget for one check; a position past it counts as unchecked.
const CHECK_NODES: u64 = 20_000_000;

#[derive(clap::Args, Debug)]
pub struct ExplainBenchArgs {
    /// Positions, by random play from the empty board (kept when the game is not over and
    /// the side to move cannot win at once).
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u32).range(1..=10_000_000))]
    pub positions: u32,
    /// Their plies: A-B, drawn uniformly.
    #[arg(long, default_value = "4-30")]
    pub plies: PlyRange,
    /// Seed of the random play.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Check every proof against the solver (exits 1 on a contradiction).
    #[arg(long)]
    pub check: bool,
    #[command(flatten)]
    pub board: SizeArg,
}

/// Per-ply counts: positions, proofs, and with `--check` what the solver said.
#[derive(Default, Clone, Copy)]
struct Tally {
    positions: u64,
    proofs: u64,
    /// Positions where the player not to move does not lose, and proofs for that player.
    waiting_safe: u64,
    waiting_proofs: u64,
    /// Positions the side to move wins, and proofs of its win.
    mover_wins: u64,
    mover_proofs: u64,
    unchecked: u64,
}

pub fn run(args: &ExplainBenchArgs) -> Result<()> {
    let size = args.board.size();
    args.plies.check_on(size)?;
    let games = c4_search::random_positions_in(
        args.seed,
        args.plies.0.clone(),
        args.positions as usize,
        AnySize::new(size),
    );
    let mut solver = args.check.then(|| {
        let mut solver = Solver::new_in(22, AnySize::new(size));
        if size.is_standard() {
            solver.set_book(builtin_stores());
        }
        solver
    });
    let mut times = Vec::with_capacity(games.len());
    let mut by_ply = vec![Tally::default(); size.cells()];
    let mut contradictions = Vec::new();
    for game in &games {
        let position: Position<AnySize> = *game.position();
        let started = Instant::now();
        let verdict = explain(&position);
        times.push(started.elapsed().as_secs_f64() * 1000.0);
        let tally = &mut by_ply[position.moves_played() as usize];
        tally.positions += 1;
        tally.proofs += u64::from(verdict.proof.is_some());
        let Some(solver) = solver.as_mut() else {
            continue;
        };
        let limits = SolveLimits {
            nodes: Some(CHECK_NODES),
            time: None,
        };
        let Ok((score, _)) = solver.solve_within(&position, true, limits) else {
            tally.unchecked += 1;
            continue;
        };
        let mover_wins = score.signum() > 0;
        tally.waiting_safe += u64::from(!mover_wins);
        tally.mover_wins += u64::from(mover_wins);
        if let Some(proof) = &verdict.proof {
            let for_proof = if proof.player == position.side_to_move() {
                score.signum()
            } else {
                -score.signum()
            };
            let holds = match proof.result {
                ProofResult::Win => for_proof > 0,
                ProofResult::AtLeastDraw => for_proof >= 0,
            };
            if !holds {
                contradictions.push(game.move_string());
            }
            if proof.player == position.side_to_move() {
                tally.mover_proofs += u64::from(mover_wins);
            } else {
                tally.waiting_proofs += u64::from(!mover_wins);
            }
        }
    }
    report(args, size, &mut times, &by_ply)?;
    if !contradictions.is_empty() {
        bail!(
            "{} proofs contradict the solver: {}",
            contradictions.len(),
            contradictions.join(" ")
        );
    }
    Ok(())
}

fn report(args: &ExplainBenchArgs, size: Size, times: &mut [f64], by_ply: &[Tally]) -> Result<()> {
    times.sort_by(f64::total_cmp);
    let at = |p: f64| c4_arena::stats::nearest_rank(times, p / 100.0);
    let mut out = std::io::stdout().lock();
    let total = by_ply.iter().fold(Tally::default(), |a, t| Tally {
        positions: a.positions + t.positions,
        proofs: a.proofs + t.proofs,
        waiting_safe: a.waiting_safe + t.waiting_safe,
        waiting_proofs: a.waiting_proofs + t.waiting_proofs,
        mover_wins: a.mover_wins + t.mover_wins,
        mover_proofs: a.mover_proofs + t.mover_proofs,
        unchecked: a.unchecked + t.unchecked,
    });
    writeln!(
        out,
        "c4 bench explain: {size}, {} positions of plies {} (seed {}), one thread",
        total.positions, args.plies, args.seed
    )?;
    writeln!(
        out,
        "time: median {:.3} ms, p90 {:.3} ms, p99 {:.3} ms, max {:.3} ms",
        at(50.0),
        at(90.0),
        at(99.0),
        at(100.0)
    )?;
    let share = |a: u64, b: u64| {
        if b == 0 {
            0.0
        } else {
            100.0 * a as f64 / b as f64
        }
    };
    writeln!(
        out,
        "proofs: {} ({:.1}%)",
        total.proofs,
        share(total.proofs, total.positions)
    )?;
    if args.check {
        writeln!(
            out,
            "checked against the solver: no contradiction unless said below; {} unchecked \
             (past {CHECK_NODES} nodes)",
            total.unchecked
        )?;
        writeln!(
            out,
            "the player not to move does not lose in {} positions: proven in {} ({:.1}%); \
             the side to move wins in {}: proven in {} ({:.1}%)",
            total.waiting_safe,
            total.waiting_proofs,
            share(total.waiting_proofs, total.waiting_safe),
            total.mover_wins,
            total.mover_proofs,
            share(total.mover_proofs, total.mover_wins)
        )?;
    }
    writeln!(out, "by ply: ply positions proofs share")?;
    for (ply, tally) in by_ply.iter().enumerate().filter(|(_, t)| t.positions > 0) {
        writeln!(
            out,
            "  {ply:>3} {:>9} {:>6} {:>5.1}%",
            tally.positions,
            tally.proofs,
            share(tally.proofs, tally.positions)
        )?;
    }
    Ok(())
}
