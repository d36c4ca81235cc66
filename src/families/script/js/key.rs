//! The canonical form states and moves are told apart by: bytes, written by each engine (in
//! Rust from QuickJS's values, in the host's JavaScript in the page, straight into this
//! module's memory) and read back here as JSON when a state is shown or handed to the script.
//!
//! One value is one of:
//! - `0x00..=0xDF`: the integer of that value (0 to 223), in one byte;
//! - [`INT`] and 4 bytes (i32, little-endian): any other integer from -2^31 to 2^31 - 1;
//! - [`FLOAT`] and 8 bytes (f64, little-endian): any other finite number (-0 is the integer 0);
//! - [`STRING`], its length in bytes (u32, little-endian) and its UTF-8;
//! - [`TRUE`], [`FALSE`], [`NULL`];
//! - [`ARRAY`], its items, [`END`];
//! - [`OBJECT`], then each key (a [`STRING`]) and its value, keys sorted by UTF-16 code units
//!   (JavaScript's own order), [`END`].
//!
//! So equal values have equal bytes, whatever the order of an object's keys, and `2.0` is `2`.

pub const INT: u8 = 0xE0;
pub const FLOAT: u8 = 0xE1;
pub const STRING: u8 = 0xE2;
pub const TRUE: u8 = 0xE3;
pub const FALSE: u8 = 0xE4;
pub const NULL: u8 = 0xE5;
pub const ARRAY: u8 = 0xE6;
pub const OBJECT: u8 = 0xE8;
pub const END: u8 = 0xE9;
/// Integers below this are one byte.
pub const SMALL: u8 = 0xE0;

/// Writes the integer `n`.
pub fn write_int(n: i32, out: &mut Vec<u8>) {
    if (0..i32::from(SMALL)).contains(&n) {
        out.push(n as u8);
    } else {
        out.push(INT);
        out.extend_from_slice(&n.to_le_bytes());
    }
}

/// Writes the number `x` (finite).
pub fn write_number(x: f64, out: &mut Vec<u8>) {
    if x.fract() == 0.0 && (-2_147_483_648.0..2_147_483_648.0).contains(&x) {
        write_int(x as i32, out);
    } else {
        out.push(FLOAT);
        out.extend_from_slice(&x.to_le_bytes());
    }
}

pub fn write_string(text: &str, out: &mut Vec<u8>) {
    out.push(STRING);
    out.extend_from_slice(&(text.len() as u32).to_le_bytes());
    out.extend_from_slice(text.as_bytes());
}

/// Reads a key; None if the bytes are not one.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        let taken = self.bytes.get(self.at..self.at + n)?;
        self.at += n;
        Some(taken)
    }

    /// A string's bytes, after its length.
    fn text(&mut self) -> Option<&'a [u8]> {
        let length = u32::from_le_bytes(self.take(4)?.try_into().ok()?) as usize;
        self.take(length)
    }

    fn string(&mut self) -> Option<&'a str> {
        std::str::from_utf8(self.text()?).ok()
    }

    /// What an engine holds for the value here: see [`held_bytes`].
    fn held(&mut self, depth: usize) -> Option<u64> {
        const SLOT: u64 = 16;
        const HEADER: u64 = 80;
        const STRING_HEADER: u64 = 24;
        if depth > 200 {
            return None;
        }
        let tag = *self.take(1)?.first()?;
        Some(match tag {
            INT => self.take(4).map(|_| SLOT)?,
            FLOAT => self.take(8).map(|_| SLOT)?,
            STRING => SLOT + STRING_HEADER + self.text()?.len() as u64,
            ARRAY | OBJECT => {
                let mut bytes = SLOT + HEADER;
                while *self.bytes.get(self.at)? != END {
                    if tag == OBJECT {
                        // The key: an atom the engine shares among values.
                        self.take(1)?;
                        self.text()?;
                    }
                    bytes += self.held(depth + 1)?;
                }
                self.at += 1;
                bytes
            }
            _ => SLOT,
        })
    }

    fn json(&mut self, out: &mut String, depth: usize) -> Option<()> {
        if depth > 200 {
            return None;
        }
        let tag = *self.take(1)?.first()?;
        match tag {
            tag if tag < SMALL => out.push_str(&tag.to_string()),
            INT => out.push_str(&i32::from_le_bytes(self.take(4)?.try_into().ok()?).to_string()),
            FLOAT => {
                let x = f64::from_le_bytes(self.take(8)?.try_into().ok()?);
                out.push_str(&format!("{x}"));
            }
            STRING => out.push_str(&serde_json::to_string(self.string()?).ok()?),
            TRUE => out.push_str("true"),
            FALSE => out.push_str("false"),
            NULL => out.push_str("null"),
            ARRAY | OBJECT => {
                let object = tag == OBJECT;
                out.push(if object { '{' } else { '[' });
                let mut first = true;
                while *self.bytes.get(self.at)? != END {
                    if !first {
                        out.push(',');
                    }
                    first = false;
                    if object {
                        self.take(1)?; // the key's STRING tag
                        out.push_str(&serde_json::to_string(self.string()?).ok()?);
                        out.push(':');
                    }
                    self.json(out, depth + 1)?;
                }
                self.at += 1;
                out.push(if object { '}' } else { ']' });
            }
            _ => return None,
        }
        Some(())
    }
}

/// The value of `key` as canonical JSON (objects' keys sorted, no spaces).
pub fn json(key: &[u8]) -> String {
    let mut out = String::new();
    let mut reader = Reader { bytes: key, at: 0 };
    match reader.json(&mut out, 0) {
        Some(()) if reader.at == key.len() => out,
        _ => "(a value this build cannot read)".into(),
    }
}

/// About how many bytes an engine holds for the value whose key is `key`, as QuickJS keeps it on
/// 64 bits: 16 for each value's slot, an object's or an array's header, and a string's header and
/// text (an object's keys are atoms it shares). QuickJS holds 43 MB for the 8-puzzle's 181,440
/// states (240 bytes a state; this says 224), and a state of 100,000 letters holds its letters
/// once, not the 16 bytes a letter an estimate by the key's length said (which gave up ten times
/// too early). Bytes that are not a key (none are: this module writes them) count as that estimate.
pub fn held_bytes(key: &[u8]) -> u64 {
    Reader { bytes: key, at: 0 }.held(0).unwrap_or(16 * key.len() as u64)
}

/// The text of `key` if it is a string.
pub fn string(key: &[u8]) -> Option<&str> {
    let mut reader = Reader { bytes: key, at: 0 };
    (*reader.take(1)?.first()? == STRING).then(|| reader.string()).flatten().filter(|_| reader.at == key.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_read_back_as_canonical_json() {
        let mut key = vec![OBJECT];
        write_string("a", &mut key);
        key.extend([ARRAY, 0, 223 - 1, INT]);
        key.extend_from_slice(&(-5i32).to_le_bytes());
        key.push(FLOAT);
        key.extend_from_slice(&0.5f64.to_le_bytes());
        key.extend([TRUE, FALSE, NULL, END]);
        write_string("b \"c\"", &mut key);
        write_string("x", &mut key);
        key.push(END);
        assert_eq!(json(&key), r#"{"a":[0,222,-5,0.5,true,false,null],"b \"c\"":"x"}"#);
        let mut text = Vec::new();
        write_string("fill 3", &mut text);
        assert_eq!((string(&text), string(&key)), (Some("fill 3"), None));
        let mut numbers = Vec::new();
        for x in [0.0, -0.0, 223.0, 2.0, -1.0, 3e9, 0.1] {
            write_number(x, &mut numbers);
        }
        assert_eq!(numbers[..9], [0, 0, 0xDF, 2, INT, 255, 255, 255, 255]);
        assert!(json(&[ARRAY, 1, 2]).starts_with("(a value"), "an array without its end");
        // What an engine holds: an array of nine small numbers, a string of 100 letters, and an
        // object, whose keys are not counted.
        assert_eq!(held_bytes(&[ARRAY, 8, 6, 7, 2, 5, 4, 3, 0, 1, END]), 16 + 80 + 9 * 16);
        let mut letters = Vec::new();
        write_string(&"a".repeat(100), &mut letters);
        assert_eq!(held_bytes(&letters), 16 + 24 + 100);
        assert_eq!(held_bytes(&key), (16 + 80) + (16 + 80 + 7 * 16) + (16 + 24 + 1));
    }
}
