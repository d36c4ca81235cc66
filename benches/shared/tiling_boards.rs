//! The boards whose pentomino tilings `make bench` counts (natively and in wasm), with their
//! published counts and the time of the fastest peer we compare with.

pub struct Board {
    pub name: &'static str,
    pub text: &'static str,
    /// Every tiling, and the tilings distinct under the puzzle's symmetry (published counts:
    /// the rectangles 2339, 1010, 368 and 2; Scott's board 65; the board less its corners 2170;
    /// the one-sided set's 3x30 rectangle 46; the pentominoes and the square on 8x8 16,146).
    pub raw: u64,
    pub distinct: u64,
    /// tyfkda's PentominoSolver (Rust, bitboards), wall time of one run in seconds as measured
    /// for issue 20 on this kind of machine; None where it takes no such board.
    pub peer_seconds: Option<f64>,
}

pub const BOARDS: [Board; 8] = [
    Board {
        name: "6x10",
        text: include_str!("../../tests/fixtures/tiling/6x10.txt"),
        raw: 9356,
        distinct: 2339,
        peer_seconds: Some(0.212),
    },
    Board {
        name: "5x12",
        text: include_str!("../../tests/fixtures/tiling/5x12.txt"),
        raw: 4040,
        distinct: 1010,
        peer_seconds: Some(0.090),
    },
    Board {
        name: "4x15",
        text: include_str!("../../tests/fixtures/tiling/4x15.txt"),
        raw: 1472,
        distinct: 368,
        peer_seconds: Some(0.017),
    },
    Board {
        name: "3x20",
        text: include_str!("../../tests/fixtures/tiling/3x20.txt"),
        raw: 8,
        distinct: 2,
        peer_seconds: Some(0.006),
    },
    Board {
        name: "8x8 less centre",
        text: include_str!("../../tests/fixtures/tiling/8x8-centre.txt"),
        raw: 520,
        distinct: 65,
        peer_seconds: None,
    },
    Board {
        name: "8x8 less corners",
        text: include_str!("../../tests/fixtures/tiling/8x8-corners.txt"),
        raw: 17_360,
        distinct: 2170,
        peer_seconds: None,
    },
    Board {
        name: "3x30 one-sided",
        text: include_str!("../../tests/fixtures/tiling/3x30-one-sided.txt"),
        raw: 184,
        distinct: 46,
        peer_seconds: None,
    },
    Board {
        name: "8x8 with square",
        text: include_str!("../../tests/fixtures/tiling/8x8-square.txt"),
        raw: 129_168,
        distinct: 16_146,
        peer_seconds: None,
    },
];
