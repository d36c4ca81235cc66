//! What a search keeps of a position: only the objects a turn can change. Walls, floors and
//! targets never move and no rule makes or takes them, so each position stores, cell by cell,
//! just the bits of the objects that may change (two a cell in a Sokoban game, against a word
//! of 64); the rest is the level's start, put back when a position is unpacked.

use super::compile::{layer_bits, within, Game, Mask};

/// Packs and unpacks a level's cells (`words` words a cell).
#[derive(Debug, Clone)]
pub struct Packer {
    /// The level's start cells: the objects no turn changes are read from it.
    start: Vec<u64>,
    words: usize,
    /// The objects that may change, as a mask of a cell's words.
    mask: Mask,
    /// Those objects: (word, bit) of each, in a cell's words. A cell packs to their bits, in
    /// this order.
    changing: Vec<(usize, u32)>,
    /// For each byte of a cell's words that holds some of them (word, shift): the packed bits
    /// of each value of that byte (when they fit in a word; else the bits are taken one by one).
    bytes: Vec<(usize, u32, Box<[u64; 256]>)>,
    /// In a one-word cell where at most 8 objects change: the objects of each packed value.
    objects: Option<Box<[u64; 256]>>,
    /// Elsewhere, where a cell's packed bits fit in a word: for each 8 of them, the objects (a
    /// cell's words, `words` a value) each value of those 8 bits stands for. Unpacking a bit at
    /// a time was a fifth of a search's time in Heroes of Sokoban.
    spread: Vec<Box<[u64]>>,
}

/// The objects of `game` a turn may change: those a rule makes or takes, the player's (an
/// input moves them), and those a rule sets moving. A layer holds one object a cell, so a rule
/// that sets a layer moving moves the object it names there (on either side), or, where it
/// names none, any of the layer's; and a rule that clears a layer where its left side names
/// an object takes only that one.
pub fn changing(game: &Game) -> Mask {
    let mut mask = game.player.clone();
    for cell in game.every_rule().flat_map(|rule| &rule.rows).flat_map(|row| row.cells.iter().flatten()) {
        let Some(replace) = &cell.replace else { continue };
        // What the cell may hold when the rule matches: not what it must lack, and on a layer
        // where the left side names objects, only those.
        let mut possible: Mask = cell.missing.iter().map(|m| !m).collect();
        let mut named = replace.set.clone();
        for objects in &game.layer_masks {
            let on_layer = |mask: &Mask| -> Mask { objects.iter().zip(mask).map(|(o, m)| o & m).collect() };
            let present = on_layer(&cell.present);
            let fixed = if present.iter().any(|&o| o != 0) {
                Some(present)
            } else {
                cell.any.iter().find(|any| any.iter().any(|&a| a != 0) && within(any, objects)).cloned()
            };
            if let Some(fixed) = fixed {
                for (k, p) in possible.iter_mut().enumerate() {
                    *p &= !(objects[k] & !fixed[k]);
                    named[k] |= fixed[k];
                }
            }
        }
        for k in 0..game.words {
            let (set, clear) = (replace.set[k], replace.clear[k]);
            mask[k] |= (set & !cell.present[k]) | (clear & possible[k] & !set) | replace.random_objects[k];
        }
        for (layer, objects) in game.layer_masks.iter().enumerate() {
            if layer_bits(&replace.moves_set, layer) == 0 && layer_bits(&replace.random_dirs, layer) == 0 {
                continue;
            }
            let here: Mask = objects.iter().zip(&named).map(|(o, n)| o & n).collect();
            let moved = if here.iter().any(|&o| o != 0) { &here } else { objects };
            mask.iter_mut().zip(moved).for_each(|(m, o)| *m |= o);
        }
    }
    mask
}

/// Bits being packed into words, `n` bits a cell.
struct Packed<'a> {
    out: &'a mut Vec<u64>,
    word: u64,
    filled: usize,
    n: usize,
}

impl Packed<'_> {
    #[inline]
    fn push(&mut self, bits: u64) {
        self.word |= bits << self.filled;
        if self.filled + self.n >= 64 {
            self.out.push(self.word);
            self.word = if self.filled == 0 { 0 } else { bits >> (64 - self.filled) };
            self.filled = self.filled + self.n - 64;
        } else {
            self.filled += self.n;
        }
    }
}

impl Packer {
    /// A packer for the level whose cells start as `start`.
    pub fn new(game: &Game, start: &[u64]) -> Packer {
        let mask = changing(game);
        let changing: Vec<(usize, u32)> = (0..game.words * 64)
            .filter(|&id| mask[id / 64] >> (id % 64) & 1 == 1)
            .map(|id| (id / 64, (id % 64) as u32))
            .collect();
        let mut bytes = Vec::new();
        if changing.len() <= 64 {
            for (k, &word) in mask.iter().enumerate() {
                for shift in (0..64).step_by(8).filter(|&shift| word >> shift & 0xff != 0) {
                    let mut table = Box::new([0u64; 256]);
                    for (value, packed) in table.iter_mut().enumerate() {
                        let cell = (value as u64) << shift;
                        for (at, &(in_word, bit)) in changing.iter().enumerate() {
                            if in_word == k {
                                *packed |= (cell >> bit & 1) << at;
                            }
                        }
                    }
                    bytes.push((k, shift, table));
                }
            }
        }
        let objects = (game.words == 1 && changing.len() <= 8).then(|| {
            let mut table = Box::new([0u64; 256]);
            for (bits, objects) in table.iter_mut().enumerate() {
                for (at, &(_, bit)) in changing.iter().enumerate() {
                    *objects |= (bits as u64 >> at & 1) << bit;
                }
            }
            table
        });
        let mut spread = Vec::new();
        if objects.is_none() && changing.len() <= 64 {
            for group in changing.chunks(8) {
                let mut table = vec![0u64; 256 * game.words].into_boxed_slice();
                for (value, objects) in table.chunks_exact_mut(game.words).enumerate() {
                    for (at, &(k, bit)) in group.iter().enumerate() {
                        objects[k] |= (value as u64 >> at & 1) << bit;
                    }
                }
                spread.push(table);
            }
        }
        Packer { start: start.to_vec(), words: game.words, mask, changing, bytes, objects, spread }
    }

    /// Words a packed board takes.
    pub fn packed_words(&self) -> usize {
        (self.start.len() / self.words * self.changing.len()).div_ceil(64)
    }

    /// Appends `cells`, packed, to `out`.
    pub fn pack(&self, cells: &[u64], out: &mut Vec<u64>) {
        let n = self.changing.len();
        if n > 64 {
            return self.pack_bit_by_bit(cells, out);
        }
        let mut packed = Packed { out, word: 0, filled: 0, n };
        match self.bytes.as_slice() {
            // The most common case: what changes lies in one byte of a one-word cell.
            [(0, shift, table)] if self.words == 1 => {
                cells.iter().for_each(|&cell| packed.push(table[(cell >> shift & 0xff) as usize]));
            }
            _ => cells.chunks_exact(self.words).for_each(|cell| packed.push(self.cell_bits(cell))),
        }
        if packed.filled > 0 {
            packed.out.push(packed.word);
        }
    }

    /// Appends `cells`, packed, to `out`, from `parent` (cells packed) and the cells `changed`
    /// since those: the parent's words with those cells' bits written again. False, with
    /// nothing appended, where more than 64 objects change (packed bit by bit).
    pub fn repack(&self, parent: &[u64], cells: &[u64], changed: &[usize], out: &mut Vec<u64>) -> bool {
        let n = self.changing.len();
        if n > 64 {
            return false;
        }
        let start = out.len();
        out.extend_from_slice(&parent[..self.packed_words()]);
        let packed = &mut out[start..];
        let ones = if n == 64 { u64::MAX } else { (1 << n) - 1 };
        for &i in changed {
            let bits = self.cell_bits(&cells[i * self.words..(i + 1) * self.words]);
            let (word, at) = (i * n / 64, i * n % 64);
            packed[word] = packed[word] & !(ones << at) | bits << at;
            if at + n > 64 {
                // The rest of the cell's bits begin the next word.
                packed[word + 1] = packed[word + 1] & !(ones >> (64 - at)) | bits >> (64 - at);
            }
        }
        true
    }

    /// A cell's packed bits (where at most 64 objects change).
    #[inline]
    fn cell_bits(&self, cell: &[u64]) -> u64 {
        self.bytes.iter().fold(0, |bits, (k, shift, table)| bits | table[(cell[*k] >> shift & 0xff) as usize])
    }

    fn pack_bit_by_bit(&self, cells: &[u64], out: &mut Vec<u64>) {
        let mut word = 0u64;
        let mut filled = 0;
        for cell in cells.chunks_exact(self.words) {
            for &(k, bit) in &self.changing {
                word |= (cell[k] >> bit & 1) << filled;
                filled += 1;
                if filled == 64 {
                    out.push(word);
                    word = 0;
                    filled = 0;
                }
            }
        }
        if filled > 0 {
            out.push(word);
        }
    }

    /// Writes the cells `packed` holds into `cells` (as long as the level's).
    pub fn unpack(&self, packed: &[u64], cells: &mut [u64]) {
        if let Some(objects) = &self.objects {
            let (n, kept) = (self.changing.len(), !self.mask[0]);
            let mut at = 0;
            for (cell, start) in cells.iter_mut().zip(&self.start) {
                *cell = (start & kept) | objects[bits_at(packed, at, n) as usize];
                at += n;
            }
            return;
        }
        let (n, words) = (self.changing.len(), self.words);
        let mut at = 0;
        for (cell, start) in cells.chunks_exact_mut(words).zip(self.start.chunks_exact(words)) {
            for ((c, s), m) in cell.iter_mut().zip(start).zip(&self.mask) {
                *c = s & !m;
            }
            if !self.spread.is_empty() {
                let bits = bits_at(packed, at, n);
                for (group, table) in self.spread.iter().enumerate() {
                    let value = (bits >> (8 * group) & 0xff) as usize;
                    if value != 0 {
                        cell.iter_mut().zip(&table[value * words..]).for_each(|(c, o)| *c |= o);
                    }
                }
                at += n;
                continue;
            }
            for &(k, bit) in &self.changing {
                cell[k] |= (packed[at / 64] >> (at % 64) & 1) << bit;
                at += 1;
            }
        }
    }
}

/// The `n` bits (64 at most) from bit `at` of `packed`, which may run into the next word.
fn bits_at(packed: &[u64], at: usize, n: usize) -> u64 {
    let (word, shift) = (at / 64, at % 64);
    let mut bits = packed.get(word).map_or(0, |w| w >> shift);
    if shift + n > 64 {
        bits |= packed.get(word + 1).map_or(0, |w| w << (64 - shift));
    }
    if n < 64 {
        bits & ((1 << n) - 1)
    } else {
        bits
    }
}

#[cfg(test)]
mod tests {
    use super::super::compile::{compile, Level};
    use super::*;

    const GAME: &str = "title t\n\nOBJECTS\nBackground\nblack\nWall\nwhite\nPlayer\nred\nCrate\nblue\nTarget\ngreen\n\n\
        LEGEND\n. = Background\n# = Wall\nP = Player\n* = Crate\nO = Target\n\nCOLLISIONLAYERS\nBackground\nTarget\n\
        Player, Wall, Crate\n\nRULES\n[ > Player | Crate ] -> [ > Player | > Crate ]\n\nWINCONDITIONS\nall Target on Crate\n\n\
        LEVELS\n#####\n#P*O#\n#####\n";

    /// `board` packed, after checking that it unpacks to itself.
    fn round_trip(packer: &Packer, board: &[u64]) -> Vec<u64> {
        let mut packed = Vec::new();
        packer.pack(board, &mut packed);
        let mut back = vec![0; board.len()];
        packer.unpack(&packed, &mut back);
        assert_eq!(back, board);
        packed
    }

    #[test]
    fn only_what_moves_is_kept_and_it_comes_back_whole() {
        let game = compile(GAME).expect("the game compiles");
        let names = |mask: &Mask| -> Vec<&str> {
            (0..game.names.len())
                .filter(|&id| mask[id / 64] >> (id % 64) & 1 == 1)
                .map(|id| game.names[id].as_str())
                .collect()
        };
        // Walls share the player's layer but nothing moves them; targets and floors never change.
        assert_eq!(names(&changing(&game)), ["player", "crate"]);
        let Some(Level::Board { cells, .. }) = game.levels.first() else { panic!("a board") };
        let packer = Packer::new(&game, cells);
        assert_eq!(packer.packed_words(), 1, "15 cells of 2 bits");
        let mut moved = cells.clone();
        // The crate pushed onto the target: the player one cell on.
        let cell = |x: usize| x * 3 + 1;
        let (player, crate_) = (moved[cell(1)] & packer.mask[0], moved[cell(2)] & packer.mask[0]);
        moved[cell(1)] &= !player;
        moved[cell(2)] = (moved[cell(2)] & !crate_) | player;
        moved[cell(3)] |= crate_;
        for board in [cells, &moved] {
            let packed = round_trip(&packer, board);
            let mut one_by_one = Vec::new();
            packer.pack_bit_by_bit(board, &mut one_by_one);
            assert_eq!(one_by_one, packed);
        }
    }

    #[test]
    fn ten_objects_that_move_unpack_by_tables_and_come_back_whole() {
        // Ten objects change (the player and nine kinds of crate): more than one table's byte, so
        // a cell's 10 packed bits are unpacked 8 and 2 at a time, and cells run across words.
        let crates: Vec<String> = (1..=9).map(|i| format!("Crate{i}")).collect();
        let objects: String = crates.iter().map(|c| format!("{c}\nblue\n")).collect();
        let legend: String = crates.iter().enumerate().map(|(i, c)| format!("{} = {c}\n", i + 1)).collect();
        let rules: String = crates.iter().map(|c| format!("[ > Player | {c} ] -> [ > Player | > {c} ]\n")).collect();
        let text = format!(
            "title t\n\nOBJECTS\nBackground\nblack\nWall\nwhite\nPlayer\nred\nTarget\ngreen\n{objects}\n\
             LEGEND\n. = Background\n# = Wall\nP = Player\nO = Target\n{legend}\nCOLLISIONLAYERS\nBackground\nTarget\n\
             Player, Wall, {}\n\nRULES\n{rules}\nWINCONDITIONS\nall Target on Crate1\n\nLEVELS\n\
             ##########\n#P12345O.#\n#6789....#\n#..O.....#\n##########\n",
            crates.join(", ")
        );
        let game = compile(&text).expect("the game compiles");
        assert_eq!(changing(&game).iter().map(|w| w.count_ones()).sum::<u32>(), 10);
        let Some(Level::Board { cells, .. }) = game.levels.first() else { panic!("a board") };
        let packer = Packer::new(&game, cells);
        assert!(packer.objects.is_none() && packer.spread.len() == 2);
        // The start, and the same with the player and every crate moved one cell on.
        let mut moved = cells.clone();
        let mask = packer.mask[0];
        for i in (1..moved.len()).rev() {
            moved[i] = (moved[i] & !mask) | (moved[i - 1] & mask);
        }
        moved[0] &= !mask;
        for board in [cells, &moved] {
            round_trip(&packer, board);
        }
    }
}
