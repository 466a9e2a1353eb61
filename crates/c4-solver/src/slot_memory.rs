//! The memory behind the solver's table: `slot_count` zeroed `u64` slots seen as atomics.
//!
//! Natively the slots live in an anonymous memory map, so that the kernel can back it with
//! huge pages: a probe then rarely misses the TLB (with a 128 MiB table, small pages make the
//! End-Easy set about three times slower). WebAssembly has no memory maps and one linear
//! memory with no pages to advise, so there the slots are a plain boxed slice.

use std::sync::atomic::AtomicU64;

/// `slot_count` slots, zeroed at creation.
#[derive(Debug)]
pub(super) struct SlotMemory {
    #[cfg(not(target_arch = "wasm32"))]
    map: memmap2::MmapMut,
    #[cfg(target_arch = "wasm32")]
    slots: Box<[AtomicU64]>,
    slot_count: usize,
}

impl SlotMemory {
    /// `slot_count` zeroed slots, or the system's refusal.
    #[cfg(not(target_arch = "wasm32"))]
    pub(super) fn zeroed(slot_count: usize) -> std::io::Result<SlotMemory> {
        let mut map = memmap2::MmapMut::map_anon(slot_count * std::mem::size_of::<u64>())?;
        // Advice only: where the kernel has no huge pages to give, the table still works.
        let _ = map.advise(memmap2::Advice::HugePage);
        // Touch every page now, so page faults do not land in the first solves.
        map.fill(0);
        Ok(SlotMemory { map, slot_count })
    }

    /// `slot_count` zeroed slots, or the system's refusal.
    #[cfg(target_arch = "wasm32")]
    pub(super) fn zeroed(slot_count: usize) -> std::io::Result<SlotMemory> {
        let mut slots = Vec::new();
        slots
            .try_reserve_exact(slot_count)
            .map_err(|_| std::io::Error::from(std::io::ErrorKind::OutOfMemory))?;
        slots.resize_with(slot_count, || AtomicU64::new(0));
        Ok(SlotMemory {
            slots: slots.into_boxed_slice(),
            slot_count,
        })
    }

    /// The slots as atomics.
    #[inline]
    #[cfg(not(target_arch = "wasm32"))]
    #[allow(unsafe_code)]
    pub(super) fn slots(&self) -> &[AtomicU64] {
        // SAFETY: the map is `slot_count * 8` bytes long, page-aligned (so aligned for
        // `AtomicU64`, which has the size and alignment of `u64`), initialised (zero-filled
        // at creation), and every bit pattern is a valid `u64`. The slice borrows `self`, so
        // the map outlives it, and the only mutable access to the bytes (`fill` in `zeroed`
        // and `zero`) needs `&mut self`, which cannot coexist with this shared borrow.
        unsafe {
            std::slice::from_raw_parts(self.map.as_ptr().cast::<AtomicU64>(), self.slot_count)
        }
    }

    /// The slots as atomics.
    #[inline]
    #[cfg(target_arch = "wasm32")]
    pub(super) fn slots(&self) -> &[AtomicU64] {
        &self.slots
    }

    /// The number of slots.
    pub(super) fn slot_count(&self) -> usize {
        self.slot_count
    }

    /// Sets every slot to 0.
    pub(super) fn zero(&mut self) {
        #[cfg(not(target_arch = "wasm32"))]
        self.map.fill(0);
        #[cfg(target_arch = "wasm32")]
        for slot in &mut self.slots {
            *slot.get_mut() = 0;
        }
    }
}
