//! Decoration: objects a game draws but no turn's outcome depends on, and the rules that only
//! draw them. Many games dress their boards with rules that run every turn: borders on walls
//! where they meet the floor, joins between pieces that touch, a mark shown for a sound (the
//! demo's Sticky Candy Puzzle Saga has 18 such rules beside the 4 that play). The search runs
//! the game without them ([`undecorated`]): the same positions as far as anything that decides
//! a turn goes, so the same answers, found in fewer rule tests and stored in fewer bits. An
//! answer is still played, replayed and drawn with the whole game.
//!
//! An object is decoration when it is not the player's, not the background, not in a win
//! condition, shares its layer only with decoration (an object set on a layer takes the
//! layer's other object away), and every rule that reads it (on its left side, or the
//! movements of its layer) changes nothing but decoration: no other object made or taken, no
//! movement given or taken, no command but a sound. Such a rule is dropped; any other rule keeps
//! what it does to the rest and forgets what it does to decoration. Turns then go as they go in
//! the whole game: no rule that is kept reads what was dropped.
//!
//! Two conditions keep a game whole. An `again` command runs another turn only when a turn
//! changed the board, decoration included, so a game that has one is searched whole. So is a
//! level with two objects of one layer in a cell, where what a rule leaves is not known from
//! its left side alone.

use super::compile::{bit, layer_bits, objects_named, or, set_layer, within, zero, Command, Game, Level, Mask, Rule};

/// The game without its decoration, or None when it has none (or must be searched whole).
pub fn undecorated(game: &Game) -> Option<Game> {
    if game.random || game.every_rule().any(|rule| rule.commands.contains(&Command::Again)) || two_on_a_layer(game) {
        return None;
    }
    let decor = decoration(game);
    if zero(&decor) {
        return None;
    }
    let decor_moves = movements_of(game, &decor);
    let mut plain = game.clone();
    for group in plain.rules.iter_mut().chain(plain.late_rules.iter_mut()) {
        group.retain(|rule| plays(game, rule, &decor, &decor_moves));
        for cell in group.iter_mut().flat_map(|rule| &mut rule.rows).flat_map(|row| row.cells.iter_mut().flatten()) {
            if let Some(replace) = &mut cell.replace {
                for masks in [&mut replace.set, &mut replace.clear] {
                    take_out(masks, &decor);
                }
                for masks in [&mut replace.moves_set, &mut replace.moves_clear, &mut replace.moves_layers] {
                    take_out(masks, &decor_moves);
                }
            }
        }
    }
    for level in &mut plain.levels {
        if let Level::Board { cells, .. } = level {
            for cell in cells.chunks_exact_mut(game.words.max(1)) {
                take_out(cell, &decor);
            }
        }
    }
    Some(plain)
}

/// The game's decoration: every object, less what something that plays reads, until nothing
/// more is taken out.
pub fn decoration(game: &Game) -> Mask {
    let objects = game.names.len();
    let mut decor = vec![0u64; game.words];
    for id in 0..objects {
        bit(&mut decor, id);
    }
    take_out(&mut decor, &game.player);
    let mut background = vec![0; game.words];
    bit(&mut background, game.background);
    take_out(&mut decor, &background);
    for win in &game.wins {
        take_out(&mut decor, &win.first);
        take_out(&mut decor, &win.second);
    }
    loop {
        let before = decor.clone();
        for layer in &game.layer_masks {
            if !within(layer, &decor) {
                take_out(&mut decor, layer);
            }
        }
        let decor_moves = movements_of(game, &decor);
        for rule in game.every_rule() {
            if plays(game, rule, &decor, &decor_moves) {
                take_out(&mut decor, &reads(game, rule));
            }
        }
        if decor == before {
            return decor;
        }
    }
}

/// Clears in `a` the bits of `b`.
fn take_out(a: &mut [u64], b: &[u64]) {
    a.iter_mut().zip(b).for_each(|(x, y)| *x &= !y);
}

/// The movement bits of the layers whose objects are all in `objects`.
fn movements_of(game: &Game, objects: &[u64]) -> Mask {
    let mut moves = vec![0; game.move_words];
    for (layer, mask) in game.layer_masks.iter().enumerate() {
        if !zero(mask) && within(mask, objects) {
            set_layer(&mut moves, layer, 0x1f);
        }
    }
    moves
}

/// The objects a rule reads: those its left side names, and those of the layers whose
/// movements it tests.
fn reads(game: &Game, rule: &Rule) -> Mask {
    let mut mask = objects_named(&rule.rows, game.words);
    for cell in rule.rows.iter().flat_map(|row| row.cells.iter().flatten()) {
        for (layer, objects) in game.layer_masks.iter().enumerate() {
            if layer_bits(&cell.moving, layer) | layer_bits(&cell.still, layer) != 0 {
                or(&mut mask, objects);
            }
        }
    }
    mask
}

/// Whether a rule does anything but decorate (`decor`, and the movements of its layers
/// `decor_moves`): a command other than a sound, a rigid body, or, in a cell it matches, an
/// object or a movement other than decoration that it would change. What a cell must hold and
/// must lack says what it holds: the other objects of a layer where it holds one are absent,
/// and a layer moving one way moves no other.
fn plays(game: &Game, rule: &Rule, decor: &[u64], decor_moves: &[u64]) -> bool {
    if rule.rigid || rule.random || rule.commands.iter().any(|c| !matches!(c, Command::Sound(_))) {
        return true;
    }
    rule.rows.iter().flat_map(|row| row.cells.iter().flatten()).any(|cell| {
        let Some(replace) = &cell.replace else { return false };
        let mut absent = cell.missing.clone();
        let mut still = cell.still.clone();
        for (layer, objects) in game.layer_masks.iter().enumerate() {
            if objects.iter().zip(&cell.present).any(|(o, p)| o & p != 0) {
                absent.iter_mut().zip(objects).zip(&cell.present).for_each(|((a, o), p)| *a |= o & !p);
            }
            let moving = layer_bits(&cell.moving, layer);
            if moving != 0 {
                set_layer(&mut still, layer, 0x1f & !moving);
            }
        }
        let outside = |mask: &[u64], of: &[u64]| -> Mask { mask.iter().zip(of).map(|(m, d)| m & !d).collect() };
        let set = outside(&replace.set, decor);
        let cleared: Mask = outside(&replace.clear, decor).iter().zip(&set).map(|(c, s)| c & !s).collect();
        let moves_set = outside(&replace.moves_set, decor_moves);
        let moves_cleared: Mask =
            outside(&replace.moves_clear, decor_moves).iter().zip(&moves_set).map(|(c, s)| c & !s).collect();
        let random = replace.random_objects.iter().chain(&replace.random_dirs).any(|&r| r != 0);
        random
            || !within(&set, &cell.present)
            || !within(&cleared, &absent)
            || !within(&moves_set, &cell.moving)
            || !within(&moves_cleared, &still)
    })
}

/// Whether a level has a cell with two objects of one layer.
fn two_on_a_layer(game: &Game) -> bool {
    let w = game.words.max(1);
    game.levels.iter().any(|level| match level {
        Level::Board { cells, .. } => cells.chunks_exact(w).any(|cell| {
            game.layer_masks
                .iter()
                .any(|objects| objects.iter().zip(cell).map(|(o, c)| (o & c).count_ones()).sum::<u32>() > 1)
        }),
        Level::Message { .. } => false,
    })
}
