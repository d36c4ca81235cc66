//! The fast path of the exact cover search, for problems whose items fit in one integer (u64 or
//! u128) and whose groups' limits add up to at most 64 (a group without limit counts none): a
//! tiling with pentominoes on a board of up to 128 cells, a piece set with copies of a piece.
//!
//! The open items and the groups still available are single words, and so is each option. At
//! the first open item, the options whose first item it is are not tried one by one: the
//! search reads whether a few items next to it (the [`WINDOW`] items its options use most) are
//! open, and that pattern indexes a list built beforehand of the options that fit those items,
//! so most options that cannot fit are never looked at, and a pattern nothing fits ends the
//! branch at once. Only the regions next to the option just placed are measured for the
//! fillable-size cut (the others did not change). Same covers as the generic search.

use super::word::{Shifts, Word};
use super::{Count, Cover, CoverEnd};
use crate::search::meter::{Budget, Flow, Stats};

/// How many items beside the first open one are read to pick the list of options to try.
const WINDOW: usize = 6;
const PATTERNS: usize = 1 << WINDOW;
/// Most options listed in the tables (see [`Fast::new`]): 16 MB of u128 entries.
const MAX_LISTED: usize = 1 << 19;

/// An option as the search tries it: its items and the problem's number for it.
#[derive(Clone, Copy)]
struct Entry<B> {
    mask: B,
    id: u32,
}

/// One group's options in a list: `entries[start..end]`. `bits` are the group's bits among those
/// available, one for each time it may still be used: choosing one of its options clears the
/// lowest that is set. 0 for a group without limit (always there).
#[derive(Clone, Copy)]
struct Run {
    bits: u64,
    start: u32,
    end: u32,
}

/// The bit of `bits` (a group's, see [`Run::bits`]) that choosing one of its options clears
/// from `available`: Some(0) for a group without limit, None for a group used up.
#[inline(always)]
fn take(bits: u64, available: u64) -> Option<u64> {
    if bits == 0 {
        return Some(0);
    }
    let free = available & bits;
    (free != 0).then_some(free & free.wrapping_neg())
}

/// What the search reads and never changes, built once per problem (and shared by the
/// threads of the parallel search).
pub(super) struct Tables<'a, B: Word> {
    /// The lists of options to try, by group: for item i and pattern p, the runs
    /// `runs[starts[i * PATTERNS + p]..starts[i * PATTERNS + p + 1]]` of `entries`.
    entries: Vec<Entry<B>>,
    runs: Vec<Run>,
    starts: Vec<u32>,
    /// For each item, the items whose being open makes the pattern (bit j: `window[i][j]`).
    window: Vec<[u8; WINDOW]>,
    /// The groups available at the start (see [`Run::bits`]).
    groups: u64,
    /// The options of the group placed first and the group's bits, when there is one.
    first: Option<(Vec<Entry<B>>, u64)>,
    shifts: Option<Shifts<B>>,
    fillable: &'a [bool],
    /// Every option covers the same number of items and the fillable sizes are exactly its
    /// multiples (a piece set of one size): of the regions beside a placed option, one need
    /// not be measured (see [`Tables::fillable_uniform`]).
    uniform: bool,
    /// Whether a region of one item can be filled.
    single: bool,
    root: B,
}

/// A place in the top of the tree, listed for the parallel search in the order the sequential
/// search reaches it: a subtree to search (the open items and the groups available there), or a
/// cover found within the top (`subtree` None). `weight` is the share of the tree it stands for
/// in Knuth's estimate.
pub(super) struct Top<B> {
    pub chosen: Vec<usize>,
    pub subtree: Option<(B, u64)>,
    pub weight: f64,
}

/// One search over the tables.
pub(super) struct Fast<'t, 'a, B: Word> {
    t: &'t Tables<'a, B>,
    /// When listing the top of the tree: the depth at which subtrees are listed instead of
    /// searched (usize::MAX: never), and the list.
    split_at: usize,
    top: Vec<Top<B>>,
    /// The options chosen and (branch taken, branches) at each depth of the current path.
    chosen: Vec<usize>,
    path: Vec<(u32, u32)>,
    count: Count,
    on_solution: &'t mut dyn FnMut(&[usize]) -> Flow,
    on_progress: &'t mut dyn FnMut(&Stats) -> Flow,
}

impl<'a, B: Word> Tables<'a, B> {
    /// The tables for `problem`, or None when the fast search does not take it (too many items,
    /// group limits that add up to more than 64, a neighbour relation that is not a grid's, too
    /// many options per item).
    pub(super) fn new<const W: usize>(problem: &'a Cover<W>) -> Option<Tables<'a, B>> {
        let wide =
            |bits: &super::Bits<W>| B::from_bits(bits).count() != bits.iter().map(|w| w.count_ones()).sum::<u32>();
        if wide(&problem.items) || problem.options.iter().any(wide) {
            return None;
        }
        let shifts = if problem.neighbours.is_empty() { None } else { Some(Shifts::<B>::find(&problem.neighbours)?) };
        // Each group's bits (see `Run::bits`): as many as its limit, unless it has no more
        // options than that.
        let mut group_bits = Vec::with_capacity(problem.limits.len());
        let mut next = 0;
        for (g, &limit) in problem.limits.iter().enumerate() {
            let size = problem.groups.iter().filter(|&&h| h == g).count();
            group_bits.push(match limit {
                0 => None,
                _ if limit >= size => Some(0),
                _ if next + limit > 64 => return None,
                _ => {
                    let bits = (u64::MAX >> (64 - limit)) << next;
                    next += limit;
                    Some(bits)
                }
            });
        }
        // Each item's options, by group and then as given (options of a group never usable
        // are left out).
        let mut by_first: Vec<Vec<(usize, Entry<B>)>> = vec![Vec::new(); B::BITS as usize];
        let mut order: Vec<usize> =
            (0..problem.options.len()).filter(|&o| group_bits[problem.groups[o]].is_some()).collect();
        order.sort_by_key(|&o| problem.groups[o]);
        for o in order {
            let mask = B::from_bits(&problem.options[o]);
            if !mask.is_empty() {
                by_first[mask.lowest() as usize].push((problem.groups[o], Entry { mask, id: o as u32 }));
            }
        }
        // Each option is listed under at most every pattern: past this many, the tables would
        // cost more memory than the search saves time (a piece set with hundreds of
        // orientations per cell), and the generic search takes the problem.
        if by_first.iter().map(Vec::len).sum::<usize>() * PATTERNS > MAX_LISTED {
            return None;
        }
        let (mut entries, mut runs) = (Vec::new(), Vec::<Run>::new());
        let mut starts = Vec::with_capacity(B::BITS as usize * PATTERNS + 1);
        let mut window = Vec::with_capacity(B::BITS as usize);
        for (item, options) in by_first.iter().enumerate() {
            let near = Self::window(item as u32, options.iter().map(|(_, e)| e.mask));
            for pattern in 0..PATTERNS {
                starts.push(runs.len() as u32);
                // The window's items that this pattern has covered already.
                let shut = (0..WINDOW)
                    .filter(|j| pattern >> j & 1 == 0)
                    .fold(B::default(), |b, j| b | B::one(u32::from(near[j])));
                let mut last = None;
                for &(group, e) in options.iter().filter(|(_, e)| (e.mask & shut).is_empty()) {
                    entries.push(e);
                    let end = entries.len() as u32;
                    match runs.last_mut() {
                        Some(run) if last == Some(group) => run.end = end,
                        _ => runs.push(Run { bits: group_bits[group].unwrap_or(0), start: end - 1, end }),
                    }
                    last = Some(group);
                }
            }
            window.push(near);
        }
        starts.push(runs.len() as u32);
        let first = problem.first_group.map(|g| {
            let list = (0..problem.options.len()).filter(|&o| problem.groups[o] == g && group_bits[g].is_some());
            (
                list.map(|o| Entry { mask: B::from_bits(&problem.options[o]), id: o as u32 }).collect(),
                group_bits[g].unwrap_or(0),
            )
        });
        Some(Tables {
            entries,
            runs,
            starts,
            window,
            groups: group_bits.iter().flatten().fold(0, |all, bit| all | bit),
            first,
            shifts,
            fillable: &problem.fillable,
            uniform: Self::uniform(problem),
            single: problem.fillable.get(1).copied().unwrap_or(false),
            root: B::from_bits(&problem.items),
        })
    }

    /// Whether the problem is uniform (see the field of that name).
    fn uniform<const W: usize>(problem: &Cover<W>) -> bool {
        let size = |o: &super::Bits<W>| o.iter().map(|w| w.count_ones() as usize).sum::<usize>();
        let Some(first) = problem.options.first().map(size).filter(|&s| s > 0) else { return false };
        problem.options.iter().all(|o| size(o) == first)
            && problem.fillable.iter().enumerate().all(|(n, &f)| f == (n % first == 0))
    }

    /// The items (other than `item`) that the most of `options` cover: whether they are open
    /// tells the most about which options fit. Unused places repeat `item` itself, which is
    /// always open when its options are tried.
    fn window(item: u32, options: impl Iterator<Item = B>) -> [u8; WINDOW] {
        let mut uses = vec![0usize; B::BITS as usize];
        for mut mask in options {
            while !mask.is_empty() {
                uses[mask.lowest() as usize] += 1;
                mask = mask ^ mask.lowest_bit();
            }
        }
        uses[item as usize] = 0;
        let mut ranked: Vec<usize> = (0..uses.len()).filter(|&i| uses[i] > 0).collect();
        ranked.sort_by_key(|&i| (std::cmp::Reverse(uses[i]), i));
        let mut near = [item as u8; WINDOW];
        for (slot, &i) in near.iter_mut().zip(&ranked) {
            *slot = i as u8;
        }
        near
    }

    /// Whether every region of `rest` next to `placed` has a size some choice can fill.
    #[inline(always)]
    pub(super) fn fillable_near(&self, placed: B, rest: B) -> bool {
        let Some(shifts) = &self.shifts else { return true };
        let seeds = shifts.grow(placed) & rest;
        // An open item beside the option with no open neighbour: the commonest dead end,
        // found with a few shifts before any region is grown.
        if !self.single && !(seeds & !shifts.adjacent(rest)).is_empty() {
            return false;
        }
        if self.uniform {
            return self.fillable_uniform(shifts, seeds, rest);
        }
        shifts.regions_fit(seeds, rest, self.fillable)
    }

    /// [`Tables::fillable_near`] when the problem is [`Tables::uniform`]: every region next to the
    /// placed option but one is measured, and that one need not be, since the regions' sizes
    /// add up to a multiple of the option size (they and the rest of the board did before the
    /// option was placed). Regions are grown a few steps at a time, so the one left unmeasured
    /// is a large one: pockets stop growing within a few steps, the open board does not.
    #[inline(always)]
    fn fillable_uniform(&self, shifts: &Shifts<B>, mut seeds: B, rest: B) -> bool {
        const STEPS: u32 = 4;
        let mut large: Option<B> = None;
        while !seeds.is_empty() {
            let mut region = seeds.lowest_bit();
            let mut whole = false;
            for _ in 0..STEPS {
                let grown = shifts.grow(region) & rest;
                whole = grown == region;
                if whole {
                    break;
                }
                region = grown;
            }
            match large {
                _ if whole => {}
                None => {
                    large = Some(region);
                    seeds &= !region;
                    continue;
                }
                Some(other) => {
                    // Grow on until it meets the large region or stops.
                    loop {
                        if !(region & other).is_empty() {
                            break;
                        }
                        let grown = shifts.grow(region) & rest;
                        whole = grown == region;
                        if whole {
                            break;
                        }
                        region = grown;
                    }
                    if !whole {
                        seeds &= !region;
                        large = Some(region | other);
                        continue;
                    }
                }
            }
            if !self.fillable.get(region.count() as usize).copied().unwrap_or(false) {
                return false;
            }
            seeds &= !region;
        }
        true
    }

    fn all_fillable(&self, open: B) -> bool {
        self.shifts.as_ref().is_none_or(|shifts| shifts.regions_fit(open, open, self.fillable))
    }
}

impl<'t, 'a, B: Word> Fast<'t, 'a, B> {
    pub(super) fn new(
        t: &'t Tables<'a, B>,
        budget: &Budget,
        on_solution: &'t mut dyn FnMut(&[usize]) -> Flow,
        on_progress: &'t mut dyn FnMut(&Stats) -> Flow,
    ) -> Fast<'t, 'a, B> {
        Fast {
            t,
            split_at: usize::MAX,
            top: Vec::new(),
            chosen: vec![0; B::BITS as usize + 1],
            path: vec![(0, 1); B::BITS as usize + 1],
            count: Count::new(budget),
            on_solution,
            on_progress,
        }
    }

    pub(super) fn run(mut self) -> (CoverEnd, Stats) {
        let end = self.search_root();
        self.count.finish(end)
    }

    /// Lists the top of the tree for the parallel search, deep enough for about `wanted`
    /// subtrees (or the whole tree when it is smaller), with the search nodes above them.
    pub(super) fn split(t: &Tables<'a, B>, wanted: usize) -> (Vec<Top<B>>, u64) {
        let (mut ignore, mut go_on) = (|_: &[usize]| Flow::Continue, |_: &Stats| Flow::Continue);
        let mut depth = 1;
        loop {
            let mut lister =
                Fast::new(t, &Budget { max_expansions: u64::MAX, ..Budget::default() }, &mut ignore, &mut go_on);
            lister.split_at = depth;
            lister.search_root();
            let subtrees = lister.top.iter().filter(|top| top.subtree.is_some()).count();
            if subtrees >= wanted || subtrees == 0 || depth > B::BITS as usize {
                return (lister.top, lister.count.nodes);
            }
            depth += 1;
        }
    }

    /// Searches one subtree listed by [`Fast::split`]; the covers it hands on are whole (the
    /// options chosen above the subtree first).
    pub(super) fn resume(
        t: &'t Tables<'a, B>,
        top: &Top<B>,
        budget: &Budget,
        on_solution: &'t mut dyn FnMut(&[usize]) -> Flow,
        on_progress: &'t mut dyn FnMut(&Stats) -> Flow,
    ) -> (CoverEnd, Stats) {
        let mut search = Fast::new(t, budget, on_solution, on_progress);
        let depth = top.chosen.len();
        search.chosen[..depth].copy_from_slice(&top.chosen);
        let end = match top.subtree {
            Some((open, available)) => search.fill(open, available, depth),
            None => None,
        };
        search.count.finish(end)
    }

    /// From the root: the first group's options when one is placed first, then items in order.
    fn search_root(&mut self) -> Option<CoverEnd> {
        let t = self.t;
        if !t.all_fillable(t.root) {
            return None;
        }
        let Some((first, bits)) = &t.first else { return self.fill(t.root, t.groups, 0) };
        let bit = take(*bits, t.groups)?;
        for (branch, e) in first.iter().enumerate() {
            if e.mask & t.root != e.mask || !t.fillable_near(e.mask, t.root ^ e.mask) {
                continue;
            }
            self.chosen[0] = e.id as usize;
            self.path[0] = (branch as u32, first.len() as u32);
            let end = self.fill(t.root ^ e.mask, t.groups & !bit, 1);
            if end.is_some() {
                return end;
            }
        }
        None
    }

    /// Covers `open` with the groups in `available`. Some(end) stops the whole search.
    fn fill(&mut self, open: B, available: u64, depth: usize) -> Option<CoverEnd> {
        if open.is_empty() || depth == self.split_at {
            if self.split_at != usize::MAX {
                let weight = self.path[..depth].iter().fold(1.0, |w, &(_, branches)| w / f64::from(branches));
                let subtree = (!open.is_empty()).then_some((open, available));
                self.top.push(Top { chosen: self.chosen[..depth].to_vec(), subtree, weight });
                return None;
            }
            self.count.solutions += 1;
            return ((self.on_solution)(&self.chosen[..depth]) == Flow::Stop).then_some(CoverEnd::Stopped);
        }
        if let Some(end) = self.count.node(&self.path[..depth], self.on_progress) {
            return Some(end);
        }
        let t = self.t;
        let first = open.lowest();
        let near = t.window[first as usize];
        let mut pattern = 0;
        for (j, &i) in near.iter().enumerate() {
            pattern |= open.bit(u32::from(i)) << j;
        }
        let at = first as usize * PATTERNS + pattern;
        let (first_run, end_run) = (t.starts[at] as usize, t.starts[at + 1] as usize);
        if first_run == end_run {
            return None;
        }
        // The list's options, for the progress estimate.
        let (from, to) = (t.runs[first_run].start, t.runs[end_run - 1].end);
        for run in &t.runs[first_run..end_run] {
            let Some(bit) = take(run.bits, available) else { continue };
            for k in run.start..run.end {
                let e = t.entries[k as usize];
                if e.mask & open != e.mask {
                    continue;
                }
                let rest = open ^ e.mask;
                if !t.fillable_near(e.mask, rest) {
                    continue;
                }
                self.chosen[depth] = e.id as usize;
                self.path[depth] = (k - from, to - from);
                let end = self.fill(rest, available & !bit, depth + 1);
                if end.is_some() {
                    return end;
                }
            }
        }
        None
    }
}
