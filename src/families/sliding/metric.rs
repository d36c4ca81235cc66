//! What one move of a sliding-block puzzle is: the vocabulary the format, the rules, the editor
//! and the drawing share (its own room, so that the format and the rules need not import each
//! other).

/// What one move is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Metric {
    /// One piece moves one cell.
    Unit,
    /// One piece moves any number of cells in one straight line.
    Slide,
    /// One piece moves anywhere it can reach through free cells (the classic Klotski count).
    Piece,
}

impl Metric {
    pub const NAMES: &'static [&'static str] = &["unit", "slide", "piece"];

    pub fn name(self) -> &'static str {
        match self {
            Metric::Unit => "unit",
            Metric::Slide => "slide",
            Metric::Piece => "piece",
        }
    }

    pub fn parse(name: &str) -> Option<Metric> {
        match name.trim().to_ascii_lowercase().as_str() {
            "unit" => Some(Metric::Unit),
            "slide" => Some(Metric::Slide),
            "piece" => Some(Metric::Piece),
            _ => None,
        }
    }
}
