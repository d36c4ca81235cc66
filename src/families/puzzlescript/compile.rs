//! From a game's sections (`parse.rs`) to a [`Game`] the engine runs: objects numbered layer by
//! layer, names resolved (synonyms, properties with `or`, aggregates with `and`), levels as
//! bitsets, and every rule expanded as the reference compiler expands it (one rule per direction,
//! relative directions made absolute, ambiguous movements and properties made concrete, spawned
//! objects made stationary, repeats dropped) and then compiled to masks over a cell's objects
//! and movements. The order of every expansion is the reference's: rules apply in that order,
//! and it decides outcomes.

use super::palettes::{COLOUR_NAMES, PALETTES};
use super::parse::{self, LegendKind, LevelDef, Source};
use crate::families::{shown_text, FormatError};
use std::collections::HashMap;

/// A set of objects, or of movements (5 bits per layer, [`LAYERS_PER_WORD`] layers a word).
pub type Mask = Vec<u64>;

/// Layers whose movements share one word of a movement mask.
pub const LAYERS_PER_WORD: usize = 12;

/// Movement bits of one layer: up, down, left, right, action.
pub const UP: u64 = 1;
pub const DOWN: u64 = 2;
pub const LEFT: u64 = 4;
pub const RIGHT: u64 = 8;
pub const ACTION: u64 = 16;

/// Most rule groups that may hold rigid rules (the reference stores their number in 5 bits).
const MOST_RIGID_GROUPS: usize = 30;

pub fn bit(mask: &mut [u64], i: usize) {
    mask[i / 64] |= 1 << (i % 64);
}

pub fn has(mask: &[u64], i: usize) -> bool {
    mask[i / 64] >> (i % 64) & 1 == 1
}

/// Sets `value` (5 bits) at `layer` of a movement mask.
pub fn set_layer(mask: &mut [u64], layer: usize, value: u64) {
    mask[layer / LAYERS_PER_WORD] |= value << (5 * (layer % LAYERS_PER_WORD));
}

/// The 5 bits of `layer` in a movement mask.
pub fn layer_bits(mask: &[u64], layer: usize) -> u64 {
    mask[layer / LAYERS_PER_WORD] >> (5 * (layer % LAYERS_PER_WORD)) & 0x1f
}

pub(super) fn or(a: &mut [u64], b: &[u64]) {
    a.iter_mut().zip(b).for_each(|(x, y)| *x |= y);
}

pub(super) fn zero(a: &[u64]) -> bool {
    a.iter().all(|&x| x == 0)
}

/// Whether `a` and `b` hold the same words, compared a word at a time: `==` on slices calls
/// `memcmp`, which in wasm compares a byte at a time (comparing the board before and after a
/// turn was 18% of Microban's level 6 breadth-first there; natively `memcmp` is fast).
pub fn same(a: &[u64], b: &[u64]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0, |differ, (x, y)| differ | (x ^ y)) == 0
}

/// Whether every bit of `a` is in `b`.
pub fn within(a: &[u64], b: &[u64]) -> bool {
    a.iter().zip(b).all(|(x, y)| x & y == *x)
}

/// Whether `cell` holds a name's objects: all of them for an aggregate (`all`), any one else
/// (the reference's test for the player and for win conditions).
pub fn holds(mask: &[u64], all: bool, cell: &[u64]) -> bool {
    if all {
        within(mask, cell)
    } else {
        mask.iter().zip(cell).any(|(a, b)| a & b != 0)
    }
}

/// The cells of `cells` (a board's, column by column) that hold the player, in that order.
pub fn players<'c>(game: &'c Game, cells: &'c [u64]) -> impl Iterator<Item = usize> + 'c {
    cells
        .chunks_exact(game.words.max(1))
        .enumerate()
        .filter(|(_, cell)| holds(&game.player, game.player_all, cell))
        .map(|(i, _)| i)
}

/// Applies a replacement's masks to `words` (a cell's objects or movements): whether they
/// changed. `changed(k, bits)` is told of the bits of each word `k` that changed.
pub fn mend(words: &mut [u64], clear: &[u64], set: &[u64], mut changed: impl FnMut(usize, u64)) -> bool {
    let mut any = false;
    for (k, ((word, c), s)) in words.iter_mut().zip(clear).zip(set).enumerate() {
        let new = (*word & !c) | s;
        if new != *word {
            changed(k, new ^ *word);
            any = true;
        }
        *word = new;
    }
    any
}

/// A command a rule gives when it matches.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    Cancel,
    Restart,
    Win,
    Again,
    Checkpoint,
    Message(String),
    Sound(u8),
}

impl Command {
    /// Commands of one kind count once in a turn's queue.
    pub fn same_kind(&self, other: &Command) -> bool {
        std::mem::discriminant(self) == std::mem::discriminant(other)
            && !matches!((self, other), (Command::Sound(a), Command::Sound(b)) if a != b)
    }
}

/// What a cell of a rule's left side asks of a cell, and what its right side makes of it.
#[derive(Debug, Clone)]
pub struct CellPattern {
    pub present: Mask,
    pub missing: Mask,
    /// Each: at least one of these objects (a property left whole).
    pub any: Vec<Mask>,
    pub moving: Mask,
    pub still: Mask,
    pub replace: Option<Replacement>,
    /// The same test as single words, where everything the pattern tests of a cell's objects
    /// lies in one word, and of its movements in one word (always in a game whose cells and
    /// movements are one word each, as in most; often in one of many layers, whose movements
    /// take several words), and it names at most [`ONE_WORD_ANY`] properties.
    pub one_word: Option<OneWord>,
}

/// Properties a [`OneWord`] pattern holds.
pub const ONE_WORD_ANY: usize = 4;

/// A cell pattern as single words: testing a cell is a few ANDs, with no vector walked (in a
/// game of many rules, such as the demo's Midas, testing cells was a third of a search's time).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OneWord {
    /// Which word of a cell's objects, and which of its movements, the test reads.
    pub objects_word: usize,
    pub movements_word: usize,
    /// The objects the cell must hold, and those it must not.
    pub present: u64,
    pub missing: u64,
    /// The movements it must have, and those it must not.
    pub moving: u64,
    pub still: u64,
    /// The properties' masks, unused ones 0 past `anys`.
    pub any: [u64; ONE_WORD_ANY],
    pub anys: usize,
}

impl OneWord {
    /// Whether a cell holding `objects` and `moves` matches.
    #[inline]
    pub fn matches(&self, objects: u64, moves: u64) -> bool {
        objects & self.present == self.present
            && objects & self.missing == 0
            && moves & self.moving == self.moving
            && moves & self.still == 0
            && self.any[..self.anys].iter().all(|&any| objects & any != 0)
    }

    /// The pattern as single words, where the words its masks set are one of objects and one
    /// of movements, and the properties fit.
    fn of(present: &[u64], missing: &[u64], any: &[Mask], moving: &[u64], still: &[u64]) -> Option<OneWord> {
        if any.len() > ONE_WORD_ANY {
            return None;
        }
        let objects_word = only_word([present, missing].into_iter().chain(any.iter().map(Vec::as_slice)))?;
        let movements_word = only_word([moving, still].into_iter())?;
        let at = |mask: &[u64], word: usize| mask.get(word).copied().unwrap_or(0);
        let mut words = [0; ONE_WORD_ANY];
        for (word, mask) in words.iter_mut().zip(any) {
            *word = at(mask, objects_word);
        }
        Some(OneWord {
            objects_word,
            movements_word,
            present: at(present, objects_word),
            missing: at(missing, objects_word),
            moving: at(moving, movements_word),
            still: at(still, movements_word),
            any: words,
            anys: any.len(),
        })
    }
}

/// The one index at which any of `masks` has bits set (0 when none has any), or None when
/// they set bits in two words.
fn only_word<'a>(masks: impl Iterator<Item = &'a [u64]>) -> Option<usize> {
    let mut only = None;
    for mask in masks {
        for (word, _) in mask.iter().enumerate().filter(|(_, &bits)| bits != 0) {
            if only.is_some_and(|only| only != word) {
                return None;
            }
            only = Some(word);
        }
    }
    Some(only.unwrap_or(0))
}

#[derive(Debug, Clone)]
pub struct Replacement {
    pub clear: Mask,
    pub set: Mask,
    /// Movements cleared (the layers the right side names included).
    pub moves_clear: Mask,
    pub moves_set: Mask,
    /// The layers whose movements the right side decides (for rigid bodies).
    pub moves_layers: Mask,
    pub random_objects: Mask,
    pub random_dirs: Mask,
}

/// A row of a rule: cells, `None` for an ellipsis.
#[derive(Debug, Clone)]
pub struct Row {
    pub cells: Vec<Option<CellPattern>>,
    pub ellipses: usize,
    /// Every object some cell of the row needs, and every movement (cheap tests before
    /// scanning a line of the board).
    pub needs: Mask,
    pub needs_moves: Mask,
    /// The properties its cells need: at least one object of each (a rule on `Player`, where
    /// the player is a property of several objects, looks only in the lines that hold one).
    pub needs_any: Vec<Mask>,
}

impl Row {
    /// Whether a line (or the board) whose cells hold `objects` and `movements` between them
    /// holds all the row needs.
    #[inline]
    pub fn could_be_in(&self, objects: &[u64], movements: &[u64]) -> bool {
        within(&self.needs, objects)
            && within(&self.needs_moves, movements)
            && self.needs_any.iter().all(|any| any.iter().zip(objects).any(|(a, o)| a & o != 0))
    }
}

#[derive(Debug, Clone)]
pub struct Rule {
    /// The direction it scans: one of [`UP`], [`DOWN`], [`LEFT`], [`RIGHT`].
    pub direction: u64,
    pub rows: Vec<Row>,
    pub replaces: bool,
    pub line: usize,
    pub group: usize,
    pub rigid: bool,
    pub random: bool,
    pub commands: Vec<Command>,
    /// What the board must hold somewhere for the rule to match, kept in the rule itself.
    pub gate: Gate,
    /// One pass over the board is all it can use, alone in its group: it reads one cell and
    /// replaces without chance. A second pass finds only cells it replaced, and replacing one
    /// again (clearing and setting the same bits) changes nothing.
    pub one_pass: bool,
    /// Its number among the game's rules (early and late), from 0.
    pub id: usize,
    /// The objects its left side tests, where it tests no movement: whether it matches depends
    /// on where those objects are and nothing else. None where it tests a movement (or chooses
    /// at random, or is rigid).
    pub reads: Option<Vec<u32>>,
}

/// The first words of the objects and of the movements every row of a rule needs together: a
/// test of a few words held in the rule, so the many rules of a group that cannot match this
/// turn are passed over without a search for their rows (in the demo's Robot Arm, with its
/// hundreds of rules, calling that search only to have it say no was most of a turn).
#[derive(Debug, Clone, Copy, Default)]
pub struct Gate {
    pub objects: [u64; Gate::WORDS],
    pub movements: [u64; Gate::WORDS],
}

impl Gate {
    /// How many words it keeps of each: the rest, in a game of more than 256 objects, are left
    /// to the rows' own tests.
    pub const WORDS: usize = 4;

    fn of(rows: &[Row]) -> Gate {
        let mut gate = Gate::default();
        for row in rows {
            gate.objects.iter_mut().zip(&row.needs).for_each(|(g, n)| *g |= n);
            gate.movements.iter_mut().zip(&row.needs_moves).for_each(|(g, n)| *g |= n);
        }
        gate
    }

    /// Whether a board whose cells hold `objects` and `movements` between them can match.
    #[inline]
    pub fn open(&self, objects: &[u64], movements: &[u64]) -> bool {
        self.objects.iter().zip(objects).all(|(g, o)| g & o == *g)
            && self.movements.iter().zip(movements).all(|(g, m)| g & m == *g)
    }
}

/// A win condition: `no`, `some` or `all` of `first` (on `second`).
#[derive(Debug, Clone)]
pub struct Win {
    pub quantifier: i8,
    pub first: Mask,
    pub first_all: bool,
    pub second: Mask,
    pub second_all: bool,
    pub line: usize,
}

/// A level: a board of `width` x `height` cells (column by column, as the reference stores
/// them), or a message.
#[derive(Debug, Clone)]
pub enum Level {
    Board { width: usize, height: usize, cells: Vec<u64>, line: usize },
    Message { text: String, line: usize },
}

/// A compiled game.
#[derive(Debug, Clone)]
pub struct Game {
    pub settings: HashMap<String, String>,
    pub title: String,
    /// Object names (lower case), by id.
    pub names: Vec<String>,
    pub layer_of: Vec<usize>,
    /// Each object's colours as 0xRRGGBB, None for transparent, and its sprite (rows of
    /// colour indices, -1 transparent; a one-colour object fills its cell).
    pub colours: Vec<Vec<Option<u32>>>,
    pub sprites: Vec<Vec<Vec<i8>>>,
    pub layers: usize,
    /// Words of an object mask and of a movement mask.
    pub words: usize,
    pub move_words: usize,
    pub layer_masks: Vec<Mask>,
    pub player: Mask,
    /// Whether the player is an aggregate: a cell holds the player only with all of it.
    pub player_all: bool,
    pub rules: Vec<Vec<Rule>>,
    pub late_rules: Vec<Vec<Rule>>,
    /// How many rules there are, early and late ([`Rule::id`]).
    pub rule_count: usize,
    pub loop_point: Vec<Option<usize>>,
    pub late_loop_point: Vec<Option<usize>>,
    pub wins: Vec<Win>,
    pub levels: Vec<Level>,
    /// Rule groups with rigid rules: group index by rigid number, and back.
    pub rigid_groups: Vec<usize>,
    pub rigid_number: Vec<Option<usize>>,
    /// Whether any rule chooses at random.
    pub random: bool,
    pub background: usize,
    /// The glyphs a level may use and the objects each stands for (for writing levels back).
    pub glyphs: Vec<(char, Mask)>,
    /// What the reference engine also lets pass with a complaint: the game runs, and the page
    /// says these where they are.
    pub warnings: Vec<FormatError>,
    /// Each section's heading line (for writing a level back into the game).
    pub headings: Vec<(&'static str, usize)>,
    /// The part of a level the game shows, where it shows only a part (`flickscreen`,
    /// `zoomscreen`).
    pub screen: Option<Screen>,
}

/// A window of `cols` x `rows` cells that a game shows of a level, following the player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Screen {
    pub cols: usize,
    pub rows: usize,
    pub follows: Follows,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Follows {
    /// Screen by screen: the one the player is in (`flickscreen`).
    Flick,
    /// Centred on the player, short of the level's edges (`zoomscreen`).
    Zoom,
}

impl Game {
    pub fn setting(&self, key: &str) -> bool {
        self.settings.contains_key(key)
    }

    /// Every rule, early and late.
    pub fn every_rule(&self) -> impl Iterator<Item = &Rule> {
        self.rules.iter().chain(&self.late_rules).flatten()
    }
}

/// What a name stands for.
#[derive(Debug, Clone, PartialEq)]
enum Def {
    Object(usize),
    Property(Vec<usize>),
    Aggregate(Vec<usize>),
}

/// A rule being expanded: cells are (direction word, name) pairs, "..." for an ellipsis.
#[derive(Debug, Clone)]
struct Spec {
    /// The directions it applies in, until it is expanded into one rule for each.
    directions: Vec<&'static str>,
    direction: &'static str,
    lhs: Vec<Vec<Vec<(String, String)>>>,
    rhs: Vec<Vec<Vec<(String, String)>>>,
    line: usize,
    late: bool,
    rigid: bool,
    group: usize,
    commands: Vec<Command>,
    random: bool,
}

/// Rules one line may expand into: each ambiguous movement or property multiplies them, so a
/// line of many would otherwise hold the reading for minutes.
const MOST_EXPANSIONS: usize = 20_000;

fn too_many(line: usize) -> FormatError {
    error(
        line,
        format!("this rule expands into more than {MOST_EXPANSIONS} rules (one for each way its movements and properties can be read); split it"),
    )
}

/// A rule line read: a rule to expand, or a loop's mark (its line; 1 starts, -1 ends).
type RuleLine = Result<Spec, (usize, i8)>;

/// What an expansion has made concrete so far: a key, and (the concrete word, how often).
type Concretes = Vec<(String, (String, usize))>;

/// Why a rule line was not read.
enum RuleError {
    /// The reference leaves the rule out and says why: a warning here.
    Dropped(FormatError),
    /// The reference stops compiling the game (its `state.invalid`).
    Fatal(FormatError),
}

impl From<FormatError> for RuleError {
    fn from(e: FormatError) -> Self {
        RuleError::Dropped(e)
    }
}

fn error(line: usize, message: impl Into<String>) -> FormatError {
    FormatError::new(line, 1, message.into())
}

const DIRECTION_WORDS: [&str; 19] = [
    ">",
    "<",
    "^",
    "v",
    "up",
    "down",
    "left",
    "right",
    "moving",
    "stationary",
    "no",
    "randomdir",
    "random",
    "horizontal",
    "vertical",
    "orthogonal",
    "perpendicular",
    "parallel",
    "action",
];

/// The concrete directions an ambiguous one stands for.
fn aggregate_directions(word: &str) -> Option<&'static [&'static str]> {
    Some(match word {
        "horizontal" | "horizontal_par" | "horizontal_perp" => &["left", "right"],
        "vertical" | "vertical_par" | "vertical_perp" => &["up", "down"],
        "moving" => &["up", "down", "left", "right", "action"],
        "orthogonal" => &["up", "down", "left", "right"],
        "perpendicular" => &["^", "v"],
        "parallel" => &["<", ">"],
        _ => return None,
    })
}

fn absolute(forward: &str, word: &str) -> Option<&'static str> {
    let index = ["^", "v", "<", ">", "parallel", "perpendicular"].iter().position(|&w| w == word)?;
    let table: [&'static str; 6] = match forward {
        "right" => ["up", "down", "left", "right", "horizontal_par", "vertical_perp"],
        "up" => ["left", "right", "down", "up", "vertical_par", "horizontal_perp"],
        "down" => ["right", "left", "up", "down", "vertical_par", "horizontal_perp"],
        _ => ["down", "up", "right", "left", "horizontal_par", "vertical_perp"],
    };
    Some(table[index])
}

fn direction_bits(word: &str) -> u64 {
    match word {
        "up" => UP,
        "down" => DOWN,
        "left" => LEFT,
        "right" => RIGHT,
        "moving" => 15,
        "no" => 3,
        "randomdir" => 5,
        "random" => 18,
        "action" => ACTION,
        _ => 0,
    }
}

fn colour(palette: &[u32; 24], word: &str) -> Option<Option<u32>> {
    if word == "transparent" {
        return Some(None);
    }
    if let Some(i) = COLOUR_NAMES.iter().position(|&n| n == word) {
        return Some(Some(palette[i]));
    }
    let hex = word.strip_prefix('#')?;
    let value = u32::from_str_radix(hex, 16).ok()?;
    match hex.len() {
        6 => Some(Some(value)),
        3 => Some(Some(((value >> 8) & 0xf) * 0x110000 + ((value >> 4) & 0xf) * 0x1100 + (value & 0xf) * 0x11)),
        _ => None,
    }
}

/// The palette `color_palette` names (by name or number), arnecolors by default.
pub fn palette(name: Option<&str>) -> &'static [u32; 24] {
    let default = &PALETTES.iter().find(|(p, _, _)| *p == "arnecolors").unwrap_or(&PALETTES[0]).2;
    name.and_then(palette_named).unwrap_or(default)
}

/// The palette a `color_palette` names, by its name or its number.
fn palette_named(name: &str) -> Option<&'static [u32; 24]> {
    let name = name.trim();
    PALETTES.iter().find(|(p, number, _)| *p == name || number.to_string() == name).map(|(_, _, colours)| colours)
}

/// Whether a colour setting names a colour: a palette's colour name, or `#rgb` / `#rrggbb`.
pub fn is_colour(word: &str) -> bool {
    let hex =
        word.strip_prefix('#').is_some_and(|h| matches!(h.len(), 3 | 6) && h.chars().all(|c| c.is_ascii_hexdigit()));
    hex || COLOUR_NAMES.contains(&word)
}

struct Compiler<'s> {
    source: &'s Source,
    object_index: HashMap<String, usize>,
    defs: HashMap<String, Def>,
    /// The layer of every object, by declaration index.
    layer: Vec<usize>,
    /// Ids (layer order) by declaration index.
    id: Vec<usize>,
    words: usize,
    move_words: usize,
    layers: usize,
    warnings: std::cell::RefCell<Vec<FormatError>>,
}

/// Compiles a game's text.
pub fn compile(text: &str) -> Result<Game, FormatError> {
    let source = parse::parse(text)?;
    compile_source(&source)
}

fn compile_source(source: &Source) -> Result<Game, FormatError> {
    let mut c = Compiler {
        source,
        object_index: HashMap::new(),
        defs: HashMap::new(),
        layer: Vec::new(),
        id: Vec::new(),
        words: 1,
        move_words: 1,
        layers: 0,
        warnings: std::cell::RefCell::new(source.warnings.clone()),
    };
    for (i, o) in source.objects.iter().enumerate() {
        c.object_index.insert(o.name.clone(), i);
        c.defs.insert(o.name.clone(), Def::Object(i));
    }
    c.read_legend()?;
    c.read_layers()?;
    let count = source.objects.len();
    c.words = count.div_ceil(64).max(1);
    c.move_words = c.layers.div_ceil(LAYERS_PER_WORD).max(1);
    // Ids in layer order, as the reference numbers them.
    let mut order: Vec<usize> = Vec::new();
    for (l, (layer_names, _)) in source.layers.iter().enumerate() {
        for name in layer_names {
            for i in c.objects_of_layer_name(name) {
                if c.layer[i] == l && !order.contains(&i) {
                    order.push(i);
                }
            }
        }
    }
    c.id = vec![0; count];
    for (id, &i) in order.iter().enumerate() {
        c.id[i] = id;
    }
    let names: Vec<String> = order.iter().map(|&i| source.objects[i].name.clone()).collect();
    let layer_of: Vec<usize> = order.iter().map(|&i| c.layer[i]).collect();
    let pal = palette(source.setting("color_palette"));
    let mut colours = Vec::new();
    let mut sprites = Vec::new();
    for &i in &order {
        let o = &source.objects[i];
        let mut cs = Vec::new();
        for w in &o.colours {
            cs.push(colour(pal, w).ok_or_else(|| {
                error(
                    o.line + 1,
                    format!("{} is not a colour PuzzleScript knows (for {})", shown_text(w), o.name.to_uppercase()),
                )
            })?);
        }
        if cs.is_empty() {
            return Err(error(o.line, format!("the object {} has no colour", o.name.to_uppercase())));
        }
        if cs.len() > 10 {
            return Err(error(o.line + 1, format!("{} has more than 10 colours", o.name.to_uppercase())));
        }
        colours.push(cs);
        sprites.push(if o.sprite.len() == 5 { o.sprite.clone() } else { vec![vec![0; 5]; 5] });
    }
    let layer_masks: Vec<Mask> = (0..c.layers)
        .map(|l| {
            let mut m = vec![0; c.words];
            (0..count).filter(|&i| c.layer[i] == l).for_each(|i| bit(&mut m, c.id[i]));
            m
        })
        .collect();
    let player = match c.defs.get("player") {
        Some(def) => def.clone(),
        None => return Err(error(1, "a game needs an object called Player (or a legend entry of that name)")),
    };
    let background = match c.defs.get("background") {
        Some(Def::Object(i)) => c.id[*i],
        Some(Def::Property(members)) => {
            let Some(&first) = members.first() else { return Err(error(1, "Background stands for no object")) };
            if members.iter().any(|&m| c.layer[m] != c.layer[first]) {
                c.warn(error(1, "the objects of Background are not all on one layer; the first is the background"));
            }
            c.id[first]
        }
        Some(Def::Aggregate(_)) => return Err(error(1, "Background cannot be defined with 'and'")),
        None => return Err(error(1, "a game needs an object called Background")),
    };
    c.background_alone();
    c.aggregates_apart();
    c.check_colours();
    let (player_mask, player_all) = c.mask_of(&player);
    let specs = c.read_rules()?;
    let (mut rules, mut late_rules, loops) = c.compile_rules(specs)?;
    let numbered = rules.iter_mut().chain(&mut late_rules).flatten();
    let rule_count = numbered.enumerate().map(|(id, rule)| rule.id = id).count();
    let loop_point = loop_points(&rules, &loops);
    let late_loop_point = loop_points(&late_rules, &loops);
    let mut rigid_groups = Vec::new();
    let mut rigid_number = vec![None; rules.len()];
    for (g, group) in rules.iter().enumerate() {
        if group.iter().any(|r| r.rigid) {
            rigid_number[g] = Some(rigid_groups.len());
            rigid_groups.push(g);
        }
    }
    if rigid_groups.len() > MOST_RIGID_GROUPS {
        return Err(error(
            rules[rigid_groups[MOST_RIGID_GROUPS]][0].line,
            "a game can have at most 30 rule groups with rigid rules",
        ));
    }
    let random = rules.iter().chain(&late_rules).flatten().any(|r| {
        r.random
            || r.rows.iter().flat_map(|row| row.cells.iter().flatten()).any(|cell| {
                cell.replace.as_ref().is_some_and(|rep| !zero(&rep.random_objects) || !zero(&rep.random_dirs))
            })
    });
    let wins = c.read_wins()?;
    let glyphs = c.glyphs();
    let levels = c.read_levels(&glyphs, &layer_masks[layer_of[background]], background)?;
    let screen = c.screen();
    let settings: HashMap<String, String> = source.settings.iter().map(|(k, v, _)| (k.clone(), v.clone())).collect();
    Ok(Game {
        title: source.setting("title").unwrap_or("Untitled").to_string(),
        settings,
        names,
        layer_of,
        colours,
        sprites,
        layers: c.layers,
        words: c.words,
        move_words: c.move_words,
        layer_masks,
        player: player_mask,
        player_all,
        rules,
        late_rules,
        rule_count,
        loop_point,
        late_loop_point,
        wins,
        levels,
        rigid_groups,
        rigid_number,
        random,
        background,
        glyphs,
        warnings: c.warnings.into_inner(),
        headings: source.headings.clone(),
        screen,
    })
}

impl Compiler<'_> {
    fn warn(&self, warning: FormatError) {
        self.warnings.borrow_mut().push(warning);
    }

    /// Why a cell of a rule can never hold what it names, if it cannot: a name given twice, or
    /// objects asked for that a `no` in the cell excludes.
    fn never_together(&self, cell: &[(String, String)]) -> Option<String> {
        // `random A random B` makes one of them: neither is wanted for sure.
        let (no, wanted): (Vec<_>, Vec<_>) =
            cell.iter().filter(|(d, _)| d != "..." && d != "random").partition(|(d, _)| d == "no");
        if let Some((_, twice)) =
            wanted.iter().enumerate().find(|&(i, (_, name))| wanted[..i].iter().any(|(_, n)| n == name)).map(|(_, c)| c)
        {
            return Some(format!("{} is named twice in one cell of this rule", twice.to_uppercase()));
        }
        let objects = |name: &str| match self.defs.get(name) {
            Some(Def::Object(i)) => (vec![*i], false),
            Some(Def::Property(members)) => (members.clone(), false),
            Some(Def::Aggregate(members)) => (members.clone(), true),
            None => (Vec::new(), false),
        };
        if let Some((_, aggregate)) = no.iter().find(|(_, name)| objects(name).1) {
            return Some(format!(
                "no cannot exclude {}, which is defined with 'and' (only objects and properties)",
                aggregate.to_uppercase()
            ));
        }
        // The objects the cell must hold, each one (a property's is any of its objects).
        let held: Vec<usize> = wanted
            .iter()
            .map(|(_, name)| objects(name))
            .filter(|(members, all)| *all || members.len() == 1)
            .flat_map(|(members, _)| members)
            .collect();
        if let Some(pair) = self.sharing_a_layer(&held) {
            return Some(format!("{pair} are on one layer, so no cell holds both: the rule can never apply"));
        }
        for (_, excluded) in &no {
            let (excluded_objects, _) = objects(excluded);
            for (_, name) in &wanted {
                let (asked, all) = objects(name);
                let out = |o: &usize| excluded_objects.contains(o);
                if !asked.is_empty() && if all { asked.iter().any(out) } else { asked.iter().all(out) } {
                    return Some(format!(
                        "a cell of this rule asks for {} and for no {}: the rule can never apply",
                        name.to_uppercase(),
                        excluded.to_uppercase()
                    ));
                }
            }
        }
        None
    }

    /// "A and B" for the first two of `objects` that are on one layer, if two are.
    fn sharing_a_layer(&self, objects: &[usize]) -> Option<String> {
        let (b, a) = objects
            .iter()
            .enumerate()
            .find_map(|(i, &a)| objects[..i].iter().find(|&&b| self.layer[b] == self.layer[a]).map(|&b| (b, a)))?;
        let name = |o: usize| self.source.objects[o].name.to_uppercase();
        Some(format!("{} and {}", name(b), name(a)))
    }

    /// Notes for names defined with 'and' of objects on one layer: no cell can hold them.
    fn aggregates_apart(&self) {
        for def in self.source.legend.iter().filter(|d| d.kind == LegendKind::Aggregate) {
            let Some(Def::Aggregate(members)) = self.defs.get(&def.name) else { continue };
            if let Some(pair) = self.sharing_a_layer(members) {
                self.warn(error(
                    def.line,
                    format!(
                        "{} is {pair} together, but they are on one layer: no cell can hold both",
                        def.name.to_uppercase()
                    ),
                ));
            }
        }
    }

    /// A note where the background's layer holds other objects: the reference wants it alone.
    fn background_alone(&self) {
        let members: Vec<usize> = match self.defs.get("background") {
            Some(Def::Object(i)) => vec![*i],
            Some(Def::Property(members)) => members.clone(),
            _ => return,
        };
        let Some(&first) = members.first() else { return };
        let layer = self.layer[first];
        let others = (0..self.layer.len()).filter(|&i| self.layer[i] == layer && !members.contains(&i));
        if let (Some(other), Some((_, line))) = (others.min(), self.source.layers.get(layer)) {
            self.warn(error(
                *line,
                format!(
                    "Background should be in a layer by itself, not with {}",
                    self.source.objects[other].name.to_uppercase()
                ),
            ));
        }
    }

    /// Notes for settings of colours that name none: the default is used, as the reference uses it.
    fn check_colours(&self) {
        if let Some((value, line)) = self.source.setting_at("color_palette") {
            if palette_named(value).is_none() {
                self.warn(error(
                    line,
                    format!("{} is not a palette PuzzleScript knows: arnecolors is used", shown_text(value)),
                ));
            }
        }
        for (key, default) in [("background_color", "black"), ("text_color", "white")] {
            if let Some((value, line)) = self.source.setting_at(key).filter(|(value, _)| !is_colour(value)) {
                self.warn(error(
                    line,
                    format!(
                        "{key} takes a colour's name (such as pink) or #rrggbb, not {}: {default} is used",
                        shown_text(value)
                    ),
                ));
            }
        }
    }

    /// The screen `flickscreen` or `zoomscreen` sets (the first, where both do). A size that is
    /// not columns x rows of whole numbers above 0 is passed over with a note, as the reference
    /// passes it over with a warning, and the whole level is shown.
    fn screen(&self) -> Option<Screen> {
        [("flickscreen", Follows::Flick), ("zoomscreen", Follows::Zoom)].into_iter().find_map(|(key, follows)| {
            let (value, line) = self.source.setting_at(key)?;
            let size = |part: &str| part.trim().parse::<usize>().ok().filter(|&n| n > 0);
            let lowered = value.to_ascii_lowercase();
            let sized = lowered.split_once('x').and_then(|(cols, rows)| Some((size(cols)?, size(rows)?)));
            if sized.is_none() {
                self.warn(FormatError::new(
                    line,
                    1,
                    format!(
                        "{key} takes a size in cells, columns x rows (such as 11x9), not {}: the whole level is shown",
                        shown_text(value)
                    ),
                ));
            }
            sized.map(|(cols, rows)| Screen { cols, rows, follows })
        })
    }

    fn objects_of_layer_name(&self, name: &str) -> Vec<usize> {
        match self.defs.get(name) {
            Some(Def::Object(i)) => vec![*i],
            Some(Def::Property(members)) => members.clone(),
            _ => Vec::new(),
        }
    }

    fn read_legend(&mut self) -> Result<(), FormatError> {
        for entry in &self.source.legend {
            if self.defs.contains_key(&entry.name) {
                // The first meaning stays (the reference's glyphs keep it too).
                self.warn(error(entry.line, format!("the name {} is already in use", entry.name.to_uppercase())));
                continue;
            }
            let mut members = Vec::new();
            let mut whole = None;
            for part in &entry.parts {
                let Some(def) = self.defs.get(part) else {
                    return Err(error(entry.line, format!("{} is not defined above this line", part.to_uppercase())));
                };
                match (entry.kind, def) {
                    (LegendKind::Synonym, def) => whole = Some(def.clone()),
                    (_, Def::Object(i)) => members.push(*i),
                    (LegendKind::Property, Def::Property(ms)) | (LegendKind::Aggregate, Def::Aggregate(ms)) => {
                        members.extend(ms.iter().copied())
                    }
                    (LegendKind::Property, Def::Aggregate(_)) => {
                        return Err(error(
                            entry.line,
                            format!("{} is defined with 'and', so it cannot be part of an 'or'", part.to_uppercase()),
                        ))
                    }
                    (LegendKind::Aggregate, Def::Property(_)) => {
                        return Err(error(
                            entry.line,
                            format!("{} is defined with 'or', so it cannot be part of an 'and'", part.to_uppercase()),
                        ))
                    }
                }
            }
            let mut seen = Vec::new();
            members.retain(|m| {
                let new = !seen.contains(m);
                seen.push(*m);
                new
            });
            let def = match entry.kind {
                LegendKind::Synonym => whole.unwrap_or(Def::Property(Vec::new())),
                LegendKind::Property => Def::Property(members),
                LegendKind::Aggregate => Def::Aggregate(members),
            };
            self.defs.insert(entry.name.clone(), def);
        }
        Ok(())
    }

    fn read_layers(&mut self) -> Result<(), FormatError> {
        let count = self.source.objects.len();
        let mut layer = vec![usize::MAX; count];
        for (l, (names, line)) in self.source.layers.iter().enumerate() {
            for name in names {
                match self.defs.get(name) {
                    Some(Def::Object(i)) => layer[*i] = l,
                    Some(Def::Property(members)) => members.iter().for_each(|&i| layer[i] = l),
                    Some(Def::Aggregate(_)) => {
                        return Err(error(
                            *line,
                            format!(
                                "{} is defined with 'and'; its objects cannot share one layer",
                                name.to_uppercase()
                            ),
                        ))
                    }
                    None => {
                        return Err(error(
                            *line,
                            format!("{} is not defined, so it cannot be in a layer", name.to_uppercase()),
                        ))
                    }
                }
            }
        }
        if let Some(i) = layer.iter().position(|&l| l == usize::MAX) {
            let o = &self.source.objects[i];
            return Err(error(o.line, format!("the object {} is in no collision layer", o.name.to_uppercase())));
        }
        self.layers = self.source.layers.len();
        if self.layers == 0 {
            return Err(error(1, "a game needs its COLLISIONLAYERS"));
        }
        self.layer = layer;
        Ok(())
    }

    /// A name's objects as a mask, and whether all of them are meant (an aggregate).
    fn mask_of(&self, def: &Def) -> (Mask, bool) {
        let mut m = vec![0; self.words];
        match def {
            Def::Object(i) => bit(&mut m, self.id[*i]),
            Def::Property(ms) => ms.iter().for_each(|&i| bit(&mut m, self.id[i])),
            Def::Aggregate(ms) => {
                ms.iter().for_each(|&i| bit(&mut m, self.id[i]));
                return (m, true);
            }
        }
        (m, false)
    }

    fn name_mask(&self, name: &str) -> Mask {
        self.defs.get(name).map_or_else(|| vec![0; self.words], |d| self.mask_of(d).0)
    }

    fn is_object(&self, name: &str) -> bool {
        matches!(self.defs.get(name), Some(Def::Object(_)))
    }

    fn property(&self, name: &str) -> Option<&Vec<usize>> {
        match self.defs.get(name) {
            Some(Def::Property(ms)) => Some(ms),
            _ => None,
        }
    }

    /// The layer of an object, or of a property whose objects share one.
    fn layer_of_name(&self, name: &str) -> Option<usize> {
        match self.defs.get(name)? {
            Def::Object(i) => Some(self.layer[*i]),
            Def::Property(ms) if !ms.is_empty() && ms.iter().all(|&m| self.layer[m] == self.layer[ms[0]]) => {
                Some(self.layer[ms[0]])
            }
            _ => None,
        }
    }

    fn object_name(&self, name: &str) -> String {
        match self.defs.get(name) {
            Some(Def::Object(i)) => self.source.objects[*i].name.clone(),
            _ => name.to_string(),
        }
    }

    fn glyphs(&self) -> Vec<(char, Mask)> {
        let mut out: Vec<(char, Mask)> = Vec::new();
        let mut push = |name: &str, def: &Def| {
            let mut chars = name.chars();
            if let (Some(ch), None) = (chars.next(), chars.next()) {
                if !matches!(def, Def::Property(_)) && !out.iter().any(|(c, _)| *c == ch) {
                    out.push((ch, self.mask_of(def).0));
                }
            }
        };
        for (i, o) in self.source.objects.iter().enumerate() {
            push(&o.name, &Def::Object(i));
        }
        for entry in &self.source.legend {
            if let Some(def) = self.defs.get(&entry.name) {
                push(&entry.name, def);
            }
        }
        out
    }

    fn read_levels(
        &self,
        glyphs: &[(char, Mask)],
        background_layer: &[u64],
        background: usize,
    ) -> Result<Vec<Level>, FormatError> {
        let mut levels = Vec::new();
        for def in &self.source.levels {
            match def {
                LevelDef::Message { line, text } => levels.push(Level::Message { text: text.clone(), line: *line }),
                LevelDef::Map { line, rows } => {
                    let width = rows[0].len();
                    let height = rows.len();
                    let mut cells = vec![0u64; width * height * self.words];
                    for (y, row) in rows.iter().enumerate() {
                        for x in 0..width {
                            let Some(&ch) = row.get(x).or(row.last()) else { continue };
                            let Some((_, mask)) = glyphs.iter().find(|(c, _)| *c == ch) else {
                                let why = if self.property(&ch.to_string()).is_some() {
                                    "is defined with 'or', so a map cannot use it (which object would it be?)"
                                } else {
                                    "is not in the legend"
                                };
                                return Err(FormatError::new(
                                    line + y,
                                    x + 1,
                                    format!("{} {why}", crate::families::shown_char(ch)),
                                ));
                            };
                            let at = (x * height + y) * self.words;
                            cells[at..at + self.words].copy_from_slice(mask);
                        }
                    }
                    // Cells with nothing on the background's layer get the first background seen.
                    let n = width * height;
                    let mut fill = vec![0; self.words];
                    bit(&mut fill, background);
                    if let Some(i) = (0..n).find(|&i| {
                        cells[i * self.words..(i + 1) * self.words]
                            .iter()
                            .zip(background_layer)
                            .any(|(a, b)| a & b != 0)
                    }) {
                        for w in 0..self.words {
                            fill[w] = cells[i * self.words + w] & background_layer[w];
                        }
                    }
                    for i in 0..n {
                        let cell = &mut cells[i * self.words..(i + 1) * self.words];
                        if cell.iter().zip(background_layer).all(|(a, b)| a & b == 0) {
                            or(cell, &fill);
                        }
                    }
                    levels.push(Level::Board { width, height, cells, line: *line });
                }
            }
        }
        if !levels.iter().any(|l| matches!(l, Level::Board { .. })) {
            return Err(error(1, "the game has no levels: add a map under LEVELS"));
        }
        Ok(levels)
    }

    fn read_wins(&self) -> Result<Vec<Win>, FormatError> {
        let mut wins = Vec::new();
        let mut all = vec![u64::MAX; self.words];
        if let Some(last) = all.last_mut() {
            let used = self.source.objects.len() % 64;
            if used > 0 {
                *last = (1 << used) - 1;
            }
        }
        for (words, line) in &self.source.wins {
            let shape = "a win condition reads like \"all Crate on Target\", \"some Gem\" or \"no Monster\"";
            let quantifier = match words.first().map(String::as_str) {
                Some("no") => -1,
                Some("some" | "any") => 0,
                Some("all") => 1,
                _ => return Err(error(*line, shape)),
            };
            let lookup = |name: &str| -> Result<(Mask, bool), FormatError> {
                self.defs
                    .get(name)
                    .map(|d| self.mask_of(d))
                    .ok_or_else(|| error(*line, format!("{} in a win condition is not defined", name.to_uppercase())))
            };
            let (first, first_all, second, second_all) = match words.len() {
                2 => {
                    let (a, aa) = lookup(&words[1])?;
                    (a, aa, all.clone(), false)
                }
                4 if words[2] == "on" => {
                    let (a, aa) = lookup(&words[1])?;
                    let (b, ba) = lookup(&words[3])?;
                    (a, aa, b, ba)
                }
                _ => return Err(error(*line, shape)),
            };
            wins.push(Win { quantifier, first, first_all, second, second_all, line: *line });
        }
        Ok(wins)
    }

    /// Reads each rule line into a rule spec (with loops' lines), as the reference's
    /// `processRuleString` does.
    fn read_rules(&self) -> Result<Vec<RuleLine>, FormatError> {
        let mut out: Vec<RuleLine> = Vec::new();
        let mut last_group: Option<usize> = None;
        for (text, line, message) in &self.source.rules {
            let spaced = text.replace('[', " [ ").replace(']', " ] ").replace('|', " | ").replace("->", " -> ");
            let mut spaced = spaced.trim().to_string();
            if spaced.starts_with('+') {
                spaced.insert(1, ' ');
            }
            let tokens: Vec<&str> = spaced.split_whitespace().collect();
            if tokens.len() == 1 && (tokens[0] == "startloop" || tokens[0] == "endloop") {
                out.push(Err((*line, if tokens[0] == "startloop" { 1 } else { -1 })));
                continue;
            }
            if let (Some("+"), Some(Err((loop_line, _)))) = (tokens.first().copied(), out.last()) {
                self.warn(error(
                    *loop_line,
                    "a loop point between the rules of one group (the rule after it starts with +): loops take whole groups",
                ));
            }
            match self.read_rule(&tokens, *line, message.as_deref(), last_group) {
                Ok(Some(spec)) => {
                    last_group = Some(spec.group);
                    out.push(Ok(spec));
                }
                Ok(None) => {}
                // A rule the reference would drop: said, and left out.
                Err(RuleError::Dropped(e)) => self.warn(e),
                Err(RuleError::Fatal(e)) => return Err(e),
            }
        }
        Ok(out)
    }

    fn read_rule(
        &self,
        tokens: &[&str],
        line: usize,
        message: Option<&str>,
        last_group: Option<usize>,
    ) -> Result<Option<Spec>, RuleError> {
        let e = |m: String| error(line, m);
        let dropped = |m: String| RuleError::Dropped(e(m));
        if tokens.is_empty() && message.is_none() {
            return Ok(None);
        }
        if !tokens.contains(&"->") {
            return Err(dropped("a rule needs an arrow: [ pattern ] -> [ result ]".into()));
        }
        let mut directions: Vec<&'static str> = Vec::new();
        let (mut late, mut rigid, mut random) = (false, false, false);
        let mut group = line;
        let mut joined = false;
        let mut i = 0;
        // Before the first bracket: + late rigid random and directions.
        while i < tokens.len() && tokens[i] != "[" {
            match tokens[i] {
                "+" => match last_group {
                    Some(g) if i == 0 => {
                        group = g;
                        joined = true;
                    }
                    _ => self.warn(e("a rule starting with + joins the group of the rule before it; there is none".into())),
                },
                "late" => late = true,
                "rigid" => rigid = true,
                "random" => random = true,
                "up" => directions.push("up"),
                "down" => directions.push("down"),
                "left" => directions.push("left"),
                "right" => directions.push("right"),
                "horizontal" => directions.extend(["left", "right"]),
                "vertical" => directions.extend(["up", "down"]),
                "orthogonal" => directions.extend(["up", "down", "left", "right"]),
                "moving" => directions.extend(["up", "down", "left", "right", "action"]),
                other => self.warn(e(format!(
                    "a rule starts with the directions it looks in (up, down, left, right, horizontal, vertical), not {}",
                    shown_text(other)
                ))),
            }
            i += 1;
        }
        if directions.is_empty() {
            directions.extend(["up", "down", "left", "right"]);
        }
        if joined && random {
            self.warn(e("only the first rule of a group says random (a rule with + joins the group as it is)".into()));
        }
        let mut lhs = Vec::new();
        let mut rhs = Vec::new();
        let mut commands = Vec::new();
        let mut right = false;
        let mut row: Vec<Vec<(String, String)>> = Vec::new();
        let mut cell: Vec<(String, String)> = Vec::new();
        let mut pending_dir: Option<String> = None;
        let mut in_row = false;
        let mut balance = 0i32;
        while i < tokens.len() {
            let token = tokens[i];
            i += 1;
            match token {
                "[" if in_row => {
                    return Err(dropped("a '[' opens before the one before it closes; the rule is left out".into()))
                }
                "[" => {
                    balance += 1;
                    in_row = true;
                    cell.clear();
                }
                "|" if !in_row => self.warn(e("'|' belongs inside [ ]".into())),
                "|" | "]" if pending_dir.is_some() => {
                    self.warn(e("a movement in a rule must come before an object".into()));
                    pending_dir = None;
                }
                "|" => row.push(std::mem::take(&mut cell)),
                "]" => {
                    balance -= 1;
                    if balance < 0 {
                        return Err(dropped("a ']' closes no '['; the rule is left out".into()));
                    }
                    row.push(std::mem::take(&mut cell));
                    in_row = false;
                    let done = std::mem::take(&mut row);
                    if right {
                        rhs.push(done);
                    } else {
                        lhs.push(done);
                    }
                }
                "->" if in_row => self.warn(e("'->' inside [ ] is passed over".into())),
                "->" if right => return Err(dropped("a rule has one arrow; the rule is left out".into())),
                "->" => right = true,
                _ if DIRECTION_WORDS.contains(&token) => {
                    if pending_dir.is_some() {
                        self.warn(e("an object in a rule has one movement at a time".into()));
                    } else if !in_row {
                        self.warn(e(format!(
                            "{} outside [ ] is passed over (directions start a rule)",
                            shown_text(token)
                        )));
                    } else if late && !matches!(token, "no" | "random" | "randomdir") {
                        self.warn(e("late rules cannot have movements".into()));
                    } else {
                        pending_dir = Some(token.to_string());
                    }
                }
                _ if self.defs.contains_key(token) => {
                    if in_row {
                        cell.push((pending_dir.take().unwrap_or_default(), token.to_string()));
                    } else {
                        self.warn(e(format!("{} outside [ ] is passed over", token.to_uppercase())));
                    }
                }
                "..." if in_row => cell.push(("...".into(), "...".into())),
                _ => {
                    let command = match token {
                        "cancel" => Some(Command::Cancel),
                        "restart" => Some(Command::Restart),
                        "win" => Some(Command::Win),
                        "again" => Some(Command::Again),
                        "checkpoint" => Some(Command::Checkpoint),
                        _ => token
                            .strip_prefix("sfx")
                            .and_then(|n| n.parse::<u8>().ok())
                            .filter(|&n| n <= 10)
                            .map(Command::Sound),
                    };
                    match command {
                        Some(command) => {
                            if !right {
                                self.warn(e("commands come at the end of a rule".into()));
                            }
                            commands.push(command);
                        }
                        None => self.warn(e(format!(
                            "{} in a rule is neither an object, a legend name, a direction nor a command",
                            shown_text(token)
                        ))),
                    }
                }
            }
        }
        if let Some(text) = message {
            commands.push(Command::Message(text.to_string()));
        }
        if late && rigid {
            self.warn(e("late rules cannot be rigid".into()));
        }
        if lhs.is_empty() {
            return Err(dropped("a rule needs a pattern in [ ] on its left; the rule is left out".into()));
        }
        if lhs.len() != rhs.len() {
            if commands.is_empty() || !rhs.is_empty() {
                return Err(dropped("a rule has as many [ ] on its right as on its left; the rule is left out".into()));
            }
        } else if lhs.iter().zip(&rhs).any(|(l, r)| l.len() != r.len()) {
            return Err(RuleError::Fatal(e("each [ ] on the right has as many cells as the one on its left".into())));
        }
        for r in lhs.iter().chain(&rhs) {
            if r.iter().any(|c| c.iter().any(|(d, _)| d == "...") && c.len() != 1) {
                return Err(dropped("an ellipsis stands alone in its cell; the rule is left out".into()));
            }
        }
        for r in &lhs {
            let ellipsis = |c: Option<&Vec<(String, String)>>| c.is_some_and(|c| c.iter().any(|(d, _)| d == "..."));
            if ellipsis(r.first()) || ellipsis(r.last()) {
                return Err(dropped("an ellipsis cannot start or end a pattern; the rule is left out".into()));
            }
            if r.iter().filter(|c| ellipsis(Some(c))).count() > 2 {
                return Err(dropped("a pattern can have at most two ellipses; the rule is left out".into()));
            }
        }
        if let Some(why) = lhs.iter().chain(&rhs).flatten().find_map(|cell| self.never_together(cell)) {
            self.warn(e(why));
        }
        // A rule that reads the same in every direction keeps one of them.
        let directional = lhs.iter().any(|r| r.len() > 1)
            || lhs
                .iter()
                .chain(&rhs)
                .flatten()
                .flatten()
                .any(|(d, _)| matches!(d.as_str(), "^" | "v" | "<" | ">" | "perpendicular" | "parallel"));
        if !directional {
            directions.truncate(1);
        }
        Ok(Some(Spec { directions, direction: "up", lhs, rhs, line, late, rigid, group, commands, random }))
    }
}

/// Loop points: for each rule group that ends a `startloop`...`endloop`, the group to go back to.
fn loop_points(groups: &[Vec<Rule>], loops: &[(usize, i8)]) -> Vec<Option<usize>> {
    let mut points = vec![None; groups.len()];
    for pair in loops.chunks(2) {
        let (start, end) = (pair[0].0, pair.get(1).map_or(usize::MAX, |p| p.0));
        let mut first_in = None;
        for (g, group) in groups.iter().enumerate() {
            let first_line = group[0].line;
            if end < first_line {
                break;
            }
            if start <= first_line && first_line <= end {
                let init = *first_in.get_or_insert(g);
                if g > 0 && points[g - 1] == Some(init) {
                    points[g - 1] = None;
                }
                points[g] = Some(init);
            }
        }
    }
    points
}

impl Compiler<'_> {
    /// Expands and compiles the rules: (rule groups, late rule groups, loop marks).
    #[allow(clippy::type_complexity)]
    fn compile_rules(
        &self,
        read: Vec<Result<Spec, (usize, i8)>>,
    ) -> Result<(Vec<Vec<Rule>>, Vec<Vec<Rule>>, Vec<(usize, i8)>), FormatError> {
        let mut loops = Vec::new();
        let mut specs = Vec::new();
        for item in read {
            match item {
                Ok(spec) => specs.push(spec),
                Err(mark) => loops.push(mark),
            }
        }
        for (k, pair) in loops.chunks(2).enumerate() {
            if pair[0].1 != 1 || pair.get(1).is_some_and(|p| p.1 != -1) {
                return Err(error(pair[0].0, "startloop and endloop come in pairs, one loop at a time"));
            }
            if pair.len() == 1 {
                return Err(error(loops[2 * k].0, "this startloop has no endloop"));
            }
        }
        // One rule per direction.
        let mut expanded = Vec::new();
        for spec in specs {
            for &direction in &spec.directions {
                let mut rule = spec.clone();
                rule.direction = direction;
                self.absolutify(&mut rule);
                rewrite_up_left(&mut rule);
                self.atomize(&mut rule);
                expanded.push(rule);
            }
        }
        let mut concrete = Vec::new();
        for rule in expanded {
            for moving in self.concretize_moving(rule)? {
                concrete.extend(self.concretize_properties(moving)?);
            }
        }
        for rule in &mut concrete {
            self.make_spawned_stationary(rule);
        }
        // Repeats within a group: the last is kept.
        let keys: Vec<String> = concrete.iter().map(rule_key).collect();
        let mut keep = vec![false; concrete.len()];
        let mut seen: std::collections::HashSet<&str> = std::collections::HashSet::new();
        let mut last_group = None;
        for i in (0..concrete.len()).rev() {
            if last_group != Some(concrete[i].group) {
                seen.clear();
            }
            if seen.insert(&keys[i]) {
                keep[i] = true;
            }
            last_group = Some(concrete[i].group);
        }
        let mut groups: std::collections::BTreeMap<(bool, usize), Vec<Rule>> = std::collections::BTreeMap::new();
        for (spec, keep) in concrete.into_iter().zip(keep) {
            if !keep {
                continue;
            }
            let (late, group) = (spec.late, spec.group);
            if let Some(rule) = self.to_masks(spec)? {
                groups.entry((late, group)).or_default().push(rule);
            }
        }
        let mut rules = Vec::new();
        let mut late = Vec::new();
        for ((is_late, _), group) in groups {
            if is_late {
                late.push(group);
            } else {
                rules.push(group);
            }
        }
        Ok((rules, late, loops))
    }

    fn absolutify(&self, rule: &mut Spec) {
        let forward = rule.direction;
        for cell in rule.lhs.iter_mut().chain(rule.rhs.iter_mut()).flatten() {
            for (d, _) in cell.iter_mut() {
                if let Some(abs) = absolute(forward, d) {
                    *d = abs.to_string();
                }
            }
        }
    }

    fn atomize(&self, rule: &mut Spec) {
        for cell in rule.lhs.iter_mut().chain(rule.rhs.iter_mut()).flatten() {
            let mut extra = Vec::new();
            for (d, n) in cell.iter_mut() {
                match self.defs.get(n.as_str()) {
                    Some(Def::Aggregate(ms)) if !ms.is_empty() => {
                        let names: Vec<String> = ms.iter().map(|&m| self.source.objects[m].name.clone()).collect();
                        *n = names[0].clone();
                        extra.extend(names[1..].iter().map(|x| (d.clone(), x.clone())));
                    }
                    Some(Def::Object(_)) => *n = self.object_name(n),
                    _ => {}
                }
            }
            cell.extend(extra);
        }
    }

    fn concretize_moving(&self, rule: Spec) -> Result<Vec<Spec>, FormatError> {
        type Replacements = Vec<(String, (String, usize, String, String, usize, usize))>;
        let mut result: Vec<(Spec, Replacements, Concretes)> = vec![(rule, Vec::new(), Vec::new())];
        let mut modified = true;
        while modified {
            modified = false;
            let mut i = 0;
            while i < result.len() {
                let mut remove = false;
                let (current, moving_rep, aggregate_rep) = result[i].clone();
                for j in 0..current.lhs.len() {
                    for k in 0..current.lhs[j].len() {
                        let movings: Vec<(String, String)> = current.lhs[j][k]
                            .iter()
                            .filter(|(d, _)| aggregate_directions(d).is_some())
                            .map(|(d, n)| (n.clone(), d.clone()))
                            .collect();
                        if let Some((name, ambiguous)) = movings.first() {
                            remove = true;
                            modified = true;
                            for concrete in aggregate_directions(ambiguous).unwrap_or(&[]) {
                                let mut new = current.clone();
                                let mut mr = moving_rep.clone();
                                let mut ar = aggregate_rep.clone();
                                for (d, n) in new.lhs[j][k].iter_mut() {
                                    if d == ambiguous && n == name {
                                        *d = concrete.to_string();
                                    }
                                }
                                if !new.rhs.is_empty() {
                                    for (d, n) in new.rhs[j][k].iter_mut() {
                                        if d == ambiguous && n == name {
                                            *d = concrete.to_string();
                                        }
                                    }
                                }
                                let key = format!("{name}{ambiguous}");
                                match mr.iter_mut().find(|(kk, _)| *kk == key) {
                                    None => {
                                        mr.push((key, (concrete.to_string(), 1, ambiguous.clone(), name.clone(), j, k)))
                                    }
                                    Some((_, v)) => {
                                        if j != v.4 || k != v.5 {
                                            v.1 += 1;
                                        }
                                    }
                                }
                                match ar.iter_mut().find(|(kk, _)| kk == ambiguous) {
                                    None => ar.push((ambiguous.clone(), (concrete.to_string(), 1))),
                                    Some((_, v)) => v.1 += 1,
                                }
                                result.push((new, mr, ar));
                                if result.len() > MOST_EXPANSIONS {
                                    return Err(too_many(current.line));
                                }
                            }
                        }
                    }
                }
                if remove {
                    result.remove(i);
                } else {
                    i += 1;
                }
            }
        }
        let mut out = Vec::new();
        for (mut rule, mr, ar) in result {
            for (_, (concrete, count, ambiguous, name, _, _)) in &mr {
                if *count == 1 {
                    for (d, n) in rule.rhs.iter_mut().flatten().flatten() {
                        if d == ambiguous && n == name {
                            *d = concrete.clone();
                        }
                    }
                }
            }
            let mut names: Vec<(String, Option<String>)> = Vec::new();
            for (ambiguous, (concrete, count)) in &ar {
                match names.iter_mut().find(|(a, _)| a == ambiguous) {
                    Some(entry) => entry.1 = None,
                    None => names.push((ambiguous.clone(), (*count == 1).then(|| concrete.clone()))),
                }
            }
            for (ambiguous, concrete) in &names {
                if let Some(concrete) = concrete {
                    for (d, _) in rule.rhs.iter_mut().flatten().flatten() {
                        if d == ambiguous {
                            *d = concrete.clone();
                        }
                    }
                }
            }
            if let Some((d, _)) = rule.rhs.iter().flatten().flatten().find(|(d, _)| aggregate_directions(d).is_some()) {
                return Err(error(
                    rule.line,
                    format!(
                        "the movement {} on the right cannot be told from the left side",
                        d.trim_end_matches("_par").trim_end_matches("_perp")
                    ),
                ));
            }
            out.push(rule);
        }
        Ok(out)
    }

    fn concretize_properties(&self, mut rule: Spec) -> Result<Vec<Spec>, FormatError> {
        // "no flying" becomes "no cat no bat".
        let expand_no = |cell: &mut Vec<(String, String)>| {
            let mut out = Vec::new();
            for (d, n) in cell.drain(..) {
                match self.property(&n) {
                    Some(ms) if d == "no" => {
                        out.extend(ms.iter().map(|&m| ("no".to_string(), self.source.objects[m].name.clone())))
                    }
                    _ => out.push((d, n)),
                }
            }
            *cell = out;
        };
        for cell in rule.lhs.iter_mut().chain(rule.rhs.iter_mut()).flatten() {
            expand_no(cell);
        }
        let properties_of = |cell: &[(String, String)]| -> Vec<String> {
            cell.iter().filter(|(d, n)| d != "random" && self.property(n).is_some()).map(|(_, n)| n.clone()).collect()
        };
        let mut ambiguous: Vec<String> = Vec::new();
        for (j, row) in rule.rhs.iter().enumerate() {
            for (k, cell) in row.iter().enumerate() {
                let left = properties_of(&rule.lhs[j][k]);
                for p in properties_of(cell) {
                    if !left.contains(&p) && !ambiguous.contains(&p) {
                        ambiguous.push(p);
                    }
                }
            }
        }
        let mut result: Vec<(Spec, Concretes)> = vec![(rule, Vec::new())];
        let mut modified = true;
        while modified {
            modified = false;
            let mut i = 0;
            while i < result.len() {
                let (current, replacements) = result[i].clone();
                let mut remove = false;
                'cells: for j in 0..current.lhs.len() {
                    for k in 0..current.lhs[j].len() {
                        for property in properties_of(&current.lhs[j][k]) {
                            if self.layer_of_name(&property).is_some() && !ambiguous.contains(&property) {
                                continue;
                            }
                            let members = self.property(&property).cloned().unwrap_or_default();
                            remove = true;
                            modified = true;
                            for m in members {
                                let concrete = self.source.objects[m].name.clone();
                                let mut new = current.clone();
                                let mut reps = replacements.clone();
                                for (d, n) in new.lhs[j][k].iter_mut() {
                                    if *n == property && d != "random" {
                                        *n = concrete.clone();
                                    }
                                }
                                if !new.rhs.is_empty() {
                                    for (d, n) in new.rhs[j][k].iter_mut() {
                                        if *n == property && d != "random" {
                                            *n = concrete.clone();
                                        }
                                    }
                                }
                                match reps.iter_mut().find(|(p, _)| *p == property) {
                                    None => reps.push((property.clone(), (concrete, 1))),
                                    Some((_, v)) => v.1 += 1,
                                }
                                result.push((new, reps));
                                if result.len() > MOST_EXPANSIONS {
                                    return Err(too_many(current.line));
                                }
                            }
                            break 'cells;
                        }
                    }
                }
                if remove {
                    result.remove(i);
                } else {
                    i += 1;
                }
            }
        }
        let mut out = Vec::new();
        for (mut rule, reps) in result {
            for (property, (concrete, count)) in &reps {
                if *count == 1 {
                    for (d, n) in rule.rhs.iter_mut().flatten().flatten() {
                        if n == property && d != "random" {
                            *n = concrete.clone();
                        }
                    }
                }
            }
            for cell in rule.rhs.iter().flatten() {
                if let Some(p) = properties_of(cell).into_iter().find(|p| ambiguous.contains(p)) {
                    return Err(error(
                        rule.line,
                        format!("the property {} on the right cannot be told from the left side", p.to_uppercase()),
                    ));
                }
            }
            out.push(rule);
        }
        Ok(out)
    }

    fn make_spawned_stationary(&self, rule: &mut Spec) {
        if rule.late {
            return;
        }
        for j in 0..rule.rhs.len() {
            for k in 0..rule.rhs[j].len() {
                let left: Vec<String> = rule.lhs[j][k]
                    .iter()
                    .flat_map(|(_, n)| match self.defs.get(n) {
                        Some(Def::Object(i)) => vec![self.source.objects[*i].name.clone()],
                        Some(Def::Property(ms)) => ms.iter().map(|&m| self.source.objects[m].name.clone()).collect(),
                        _ => Vec::new(),
                    })
                    .collect();
                let layers: Vec<usize> = left.iter().filter_map(|n| self.layer_of_name(n)).collect();
                for (d, n) in rule.rhs[j][k].iter_mut() {
                    if !d.is_empty() || self.property(n).is_some() || left.contains(n) || !self.is_object(n) {
                        continue;
                    }
                    if let Some(layer) = self.layer_of_name(n) {
                        if !layers.contains(&layer) {
                            *d = "stationary".into();
                        }
                    }
                }
            }
        }
    }

    /// Compiles a concrete rule to masks; None when it can never match (the reference drops it).
    fn to_masks(&self, spec: Spec) -> Result<Option<Rule>, FormatError> {
        let words = self.words;
        let mw = self.move_words;
        let mut rows = Vec::new();
        for (j, row_l) in spec.lhs.iter().enumerate() {
            let mut cells = Vec::new();
            let mut ellipses = 0;
            let mut needs = vec![0; words];
            let mut needs_moves = vec![0; mw];
            let mut needs_any: Vec<Mask> = Vec::new();
            for (k, cell_l) in row_l.iter().enumerate() {
                if cell_l.iter().any(|(d, _)| d == "...") {
                    if spec.rhs.get(j).is_some_and(|r| !r[k].iter().any(|(d, _)| d == "...")) {
                        self.warn(error(spec.line, "an ellipsis on the left needs one in the same place on the right"));
                    }
                    ellipses += 1;
                    cells.push(None);
                    continue;
                }
                let mut present = vec![0; words];
                let mut missing = vec![0; words];
                let mut any = Vec::new();
                let mut moving = vec![0; mw];
                let mut still = vec![0; mw];
                let mut layers_l: Vec<Option<&str>> = vec![None; self.layers];
                let mut object_layers_l = vec![0; mw];
                for (d, n) in cell_l {
                    if d == "random" {
                        return Err(error(spec.line, "random belongs on the right of a rule"));
                    }
                    let mask = self.name_mask(n);
                    let Some(layer) = self.layer_of_name(n) else {
                        return Err(error(spec.line, format!("{} is not on one layer", n.to_uppercase())));
                    };
                    if d == "no" {
                        or(&mut missing, &mask);
                        continue;
                    }
                    if layers_l[layer].is_some() {
                        // Two objects of one layer in one cell: this expansion can never match.
                        return Ok(None);
                    }
                    layers_l[layer] = Some(n);
                    if self.is_object(n) {
                        or(&mut present, &mask);
                        set_layer(&mut object_layers_l, layer, 0x1f);
                    } else {
                        any.push(mask.clone());
                    }
                    if d == "stationary" {
                        set_layer(&mut still, layer, 0x1f);
                    } else {
                        set_layer(&mut moving, layer, direction_bits(d));
                    }
                }
                if present.iter().zip(&missing).any(|(a, b)| a & b != 0) {
                    return Ok(None);
                }
                or(&mut needs, &present);
                or(&mut needs_moves, &moving);
                for mask in &any {
                    if !needs_any.contains(mask) {
                        needs_any.push(mask.clone());
                    }
                }
                let mut replace = None;
                if let Some(cell_r) = spec.rhs.get(j).map(|r| &r[k]) {
                    let mut clear = vec![0; words];
                    let mut set = vec![0; words];
                    let mut moves_clear = vec![0; mw];
                    let mut moves_set = vec![0; mw];
                    let mut object_layers_r = vec![0; mw];
                    let mut random_objects = vec![0; words];
                    let mut moves_layers = vec![0; mw];
                    let mut random_dirs = vec![0; mw];
                    let mut layers_r: Vec<Option<&str>> = vec![None; self.layers];
                    for (d, n) in cell_r {
                        if d == "random" {
                            or(&mut random_objects, &self.name_mask(n));
                            continue;
                        }
                        let mask = self.name_mask(n);
                        let Some(layer) = self.layer_of_name(n) else {
                            return Err(error(spec.line, format!("{} is not on one layer", n.to_uppercase())));
                        };
                        if d == "no" {
                            or(&mut clear, &mask);
                            continue;
                        }
                        if let Some(other) = layers_r[layer] {
                            self.warn(error(
                                spec.line,
                                format!(
                                    "{} and {} share a layer, so one cell cannot hold both",
                                    n.to_uppercase(),
                                    other.to_uppercase()
                                ),
                            ));
                        }
                        layers_r[layer] = Some(n);
                        if !d.is_empty() {
                            set_layer(&mut moves_layers, layer, 0x1f);
                        }
                        if let Some(Def::Object(i)) = self.defs.get(n.as_str()) {
                            bit(&mut set, self.id[*i]);
                            or(&mut clear, &self.layer_mask(layer));
                            set_layer(&mut object_layers_r, layer, 0x1f);
                        }
                        match d.as_str() {
                            "stationary" => set_layer(&mut moves_clear, layer, 0x1f),
                            "randomdir" => set_layer(&mut random_dirs, layer, 5),
                            _ => set_layer(&mut moves_set, layer, direction_bits(d)),
                        }
                    }
                    if !within(&present, &set) {
                        or(&mut clear, &present);
                    }
                    if !within(&moving, &moves_set) {
                        or(&mut moves_clear, &moving);
                    }
                    for layer in 0..self.layers {
                        if layers_l[layer].is_some() && layers_r[layer].is_none() {
                            or(&mut clear, &self.layer_mask(layer));
                            set_layer(&mut moves_layers, layer, 0x1f);
                        }
                    }
                    for w in 0..mw {
                        object_layers_l[w] &= !object_layers_r[w];
                        moves_layers[w] |= object_layers_l[w];
                    }
                    let changes = [&clear, &set, &random_objects].iter().any(|m| !zero(m))
                        || [&moves_clear, &moves_set, &moves_layers, &random_dirs].iter().any(|m| !zero(m));
                    if changes {
                        for w in 0..mw {
                            moves_clear[w] |= moves_layers[w];
                        }
                        replace = Some(Replacement {
                            clear,
                            set,
                            moves_clear,
                            moves_set,
                            moves_layers,
                            random_objects,
                            random_dirs,
                        });
                    }
                }
                let one_word = OneWord::of(&present, &missing, &any, &moving, &still);
                cells.push(Some(CellPattern { present, missing, any, moving, still, replace, one_word }));
            }
            rows.push(Row { cells, ellipses, needs, needs_moves, needs_any });
        }
        let one_cell = matches!(rows.as_slice(), [row] if row.cells.len() == 1);
        let by_chance = |rep: &Replacement| !zero(&rep.random_objects) || !zero(&rep.random_dirs);
        let one_pass = one_cell
            && !spec.random
            && !rows[0].cells.iter().flatten().filter_map(|c| c.replace.as_ref()).any(by_chance);
        let reads = objects_read(&rows, words).filter(|_| !spec.random && !spec.rigid);
        Ok(Some(Rule {
            direction: direction_bits(spec.direction),
            gate: Gate::of(&rows),
            one_pass,
            id: 0,
            reads,
            rows,
            replaces: !spec.rhs.is_empty(),
            line: spec.line,
            group: spec.group,
            rigid: spec.rigid,
            random: spec.random,
            commands: spec.commands,
        }))
    }

    fn layer_mask(&self, layer: usize) -> Mask {
        let mut m = vec![0; self.words];
        (0..self.layer.len()).filter(|&i| self.layer[i] == layer).for_each(|i| bit(&mut m, self.id[i]));
        m
    }
}

/// The objects the cells of `rows` name (must hold, must lack, or hold one of), in a game of
/// `words` words a cell.
pub(super) fn objects_named(rows: &[Row], words: usize) -> Mask {
    let mut named = vec![0; words];
    for cell in rows.iter().flat_map(|row| row.cells.iter().flatten()) {
        for tested in [&cell.present, &cell.missing].into_iter().chain(&cell.any) {
            or(&mut named, tested);
        }
    }
    named
}

/// The objects the cells of `rows` test, by id; None when a cell tests a movement.
fn objects_read(rows: &[Row], words: usize) -> Option<Vec<u32>> {
    if rows.iter().flat_map(|row| row.cells.iter().flatten()).any(|cell| !zero(&cell.moving) || !zero(&cell.still)) {
        return None;
    }
    let read = objects_named(rows, words);
    Some((0..64 * words).filter(|&id| has(&read, id)).map(|id| id as u32).collect())
}

fn rewrite_up_left(rule: &mut Spec) {
    if rule.lhs.iter().flatten().any(|c| c.iter().any(|(d, _)| d == "...")) {
        return;
    }
    rule.direction = match rule.direction {
        "up" => "down",
        "left" => "right",
        _ => return,
    };
    for row in rule.lhs.iter_mut().chain(rule.rhs.iter_mut()) {
        row.reverse();
    }
}

/// What tells two expanded rules apart (the reference's printed form).
fn rule_key(rule: &Spec) -> String {
    let directed = rule.lhs.iter().any(|r| r.len() > 1);
    let mut key = format!(
        "{} {} {} {} {} ",
        rule.line,
        if directed { rule.direction } else { "" },
        rule.late,
        rule.rigid,
        rule.random
    );
    for side in [&rule.lhs, &rule.rhs] {
        for row in side {
            key.push('[');
            for cell in row {
                for (d, n) in cell {
                    key.push_str(&format!("{d} {n} "));
                }
                key.push('|');
            }
            key.push(']');
        }
        key.push_str("->");
    }
    key.push_str(&format!("{:?}", rule.commands));
    key
}
