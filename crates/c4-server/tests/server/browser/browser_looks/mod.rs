//! The browser test's looks, each with a screenshot in `target/` for a person to see: the
//! analysis (also as deuteranopia sees it), dark mode, a phone's width and a touch screen.

use crate::browser_support::*;
use fantoccini::{Client, Locator};
use serde_json::json;
use std::path::Path;

/// At `#4453`: the analysis, dark mode, a phone and a touch screen; ends at the desktop's
/// size.
pub async fn looks(client: &Client, base: &str, screenshot: &Path) -> TestResult {
    // The analysis toggle scores every column.
    click(client, "analysis-toggle").await?;
    wait_for(client, "#analysis[data-exact]").await?;
    let scores = client.find_all(Locator::Css("#analysis .score")).await?;
    assert_eq!(scores.len(), 7);
    for score in scores {
        let label = score.attr("aria-label").await?.unwrap_or_default();
        assert!(label.starts_with("Column "), "{label}");
    }
    // At 4453 every column loses for red; the best ones hold out longest: 3, 6 and 7 (-2).
    let mut best = Vec::new();
    for score in client
        .find_all(Locator::Css("#analysis .score.best"))
        .await?
    {
        best.push(score.attr("aria-label").await?.unwrap_or_default());
    }
    assert_eq!(
        best,
        [
            "Column 3: loss in 18 moves (-2) (best)",
            "Column 6: loss in 18 moves (-2) (best)",
            "Column 7: loss in 18 moves (-2) (best)"
        ]
    );
    let shot = client.screenshot().await?;
    std::fs::write(screenshot.with_file_name("browser-analysis.png"), shot)?;
    // The same seen with deuteranopia (the Machado et al. matrix as an SVG filter), for a
    // person to look at; tests/server/palette.rs checks the colours' distance.
    client
        .execute(
            r#"const ns = "http://www.w3.org/2000/svg";
            const svg = document.createElementNS(ns, "svg");
            svg.setAttribute("width", "0");
            svg.setAttribute("height", "0");
            svg.style.position = "absolute";
            svg.innerHTML = '<filter id="deuteranopia" color-interpolation-filters="linearRGB">'
              + '<feColorMatrix type="matrix" values="0.367322 0.860646 -0.227968 0 0 '
              + '0.280085 0.672501 0.047413 0 0 -0.011820 0.042940 0.968881 0 0 0 0 0 1 0"/></filter>';
            document.body.append(svg);
            document.documentElement.style.filter = "url(#deuteranopia)";"#,
            vec![],
        )
        .await?;
    let shot = client.screenshot().await?;
    std::fs::write(
        screenshot.with_file_name("browser-analysis-deuteranopia.png"),
        shot,
    )?;
    client
        .execute(r#"document.documentElement.style.filter = "";"#, vec![])
        .await?;
    click(client, "analysis-toggle").await?;

    // Dark mode follows the system's colour scheme.
    let light = background(client).await?;
    client.issue_cmd(EmulateDark(true)).await?;
    let dark = background(client).await?;
    assert!(
        lightness(&light) > 200.0 && lightness(&dark) < 60.0,
        "background {light} in light mode, {dark} in dark mode"
    );
    let shot = client.screenshot().await?;
    std::fs::write(screenshot.with_file_name("browser-dark.png"), shot)?;
    client.issue_cmd(EmulateDark(false)).await?;
    assert_eq!(background(client).await?, light);

    // At a phone's width nothing runs off the side, once the page has taken the new width.
    client.set_window_size(390, 844).await?;
    until("the page never fit a phone's width", || async move {
        let overflow = client
            .execute(
                "return document.documentElement.scrollWidth - window.innerWidth;",
                vec![],
            )
            .await?;
        Ok(if overflow.as_i64().is_some_and(|px| px <= 0) {
            Ok(())
        } else {
            Err(format!("the page is {overflow} px wider than a phone"))
        })
    })
    .await?;
    // On a touch screen the page says to tap, not to press keys it has not got.
    let touch = |enabled: bool| DevTools {
        command: "Emulation.setTouchEmulationEnabled",
        params: json!({ "enabled": enabled, "maxTouchPoints": 5 }),
    };
    client.issue_cmd(touch(true)).await?;
    client.goto(&format!("{base}#44")).await?;
    let status = wait_for_text(client, "status", "tap a column").await?;
    assert!(!status.contains("1-7"), "{status}");
    let shot = client.screenshot().await?;
    std::fs::write(screenshot.with_file_name("browser-phone.png"), shot)?;
    client.issue_cmd(touch(false)).await?;
    client.set_window_size(1200, 1000).await?;
    Ok(())
}
