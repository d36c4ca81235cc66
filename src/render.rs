//! Raster pictures for the command line (`puzzlelab render --png/--gif`): the SVG of
//! [`crate::picture`] drawn by resvg. The page draws the same painting calls on its canvas
//! instead, so a picture from either is the family's one drawing, rasterized by two renderers.
//! Text needs a font on the machine: the first sans-serif face found among the usual ones.

use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg::{self, fontdb};
use std::sync::{Arc, OnceLock};

/// The machine's fonts, read once.
fn fonts() -> Arc<fontdb::Database> {
    static FONTS: OnceLock<Arc<fontdb::Database>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let mut database = fontdb::Database::new();
            database.load_system_fonts();
            let known =
                |name: &str| database.faces().any(|face| face.families.iter().any(|(family, _)| family == name));
            let sans = ["DejaVu Sans", "Liberation Sans", "Noto Sans", "Arial", "Helvetica", "FreeSans"]
                .into_iter()
                .find(|name| known(name));
            if let Some(sans) = sans {
                database.set_sans_serif_family(sans);
            }
            Arc::new(database)
        })
        .clone()
}

/// The picture `svg` as pixels: its width, height, and four bytes a pixel (RGBA, not
/// premultiplied), row by row.
pub fn rgba(svg: &str) -> Result<(u32, u32, Vec<u8>), String> {
    let pixmap = pixmap(svg)?;
    let bytes = pixmap.pixels().iter().flat_map(|p| {
        let c = p.demultiply();
        [c.red(), c.green(), c.blue(), c.alpha()]
    });
    Ok((pixmap.width(), pixmap.height(), bytes.collect()))
}

/// The picture `svg` as a PNG file.
pub fn png(svg: &str) -> Result<Vec<u8>, String> {
    pixmap(svg)?.encode_png().map_err(|e| format!("could not write the PNG: {e}"))
}

/// The most pixels a picture may have (160 MB of RGBA): a board at the largest scale with its
/// caption is a tenth of it.
pub const MOST_PIXELS: u64 = 40_000_000;

fn pixmap(svg: &str) -> Result<Pixmap, String> {
    let options = usvg::Options { fontdb: fonts(), ..usvg::Options::default() };
    let tree = usvg::Tree::from_str(svg, &options).map_err(|e| format!("could not read the drawing: {e}"))?;
    let size = tree.size().to_int_size();
    if u64::from(size.width()) * u64::from(size.height()) > MOST_PIXELS {
        return Err(format!(
            "a picture of {} x {} pixels is more than the {} million this tool draws",
            size.width(),
            size.height(),
            MOST_PIXELS / 1_000_000
        ));
    }
    let mut pixmap = Pixmap::new(size.width(), size.height())
        .ok_or_else(|| format!("a picture of {} x {} pixels is too large", size.width(), size.height()))?;
    resvg::render(&tree, Transform::default(), &mut pixmap.as_mut());
    Ok(pixmap)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_svg_becomes_its_pixels() {
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"4\" height=\"2\"><rect x=\"0\" y=\"0\" width=\"2\" height=\"2\" fill=\"#ff0000\"/><rect x=\"2\" y=\"0\" width=\"2\" height=\"2\" fill=\"hsl(240, 100%, 50%)\"/></svg>";
        let (width, height, pixels) = rgba(svg).unwrap();
        assert_eq!((width, height, pixels.len()), (4, 2, 32));
        assert_eq!(&pixels[..4], &[255, 0, 0, 255]);
        assert_eq!(&pixels[12..16], &[0, 0, 255, 255], "hsl() colours, which the families use, are read");
        assert!(png(svg).unwrap().starts_with(b"\x89PNG"));
        assert!(rgba("<svg").unwrap_err().starts_with("could not read the drawing"));
        let huge = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10000\" height=\"5000\"/>";
        assert_eq!(
            png(huge).unwrap_err(),
            "a picture of 10000 x 5000 pixels is more than the 40 million this tool draws"
        );
    }
}
