//! Smaller variants of uploaded images: a book card needs a cover a few hundred pixels wide, not
//! the operator's 3000-pixel original.

use image::{ImageFormat, ImageReader};
use std::io::Cursor;

/// The card variant's width in pixels (cards show covers at up to ~240 CSS px, so 2x).
pub const CARD_WIDTH: u32 = 480;
/// Originals larger than this many pixels are not decoded (a decompression bomb guard).
pub const MAX_PIXELS: u64 = 50_000_000;

#[derive(Debug, thiserror::Error)]
pub enum VariantError {
    #[error("not an image this server can read: {0}")]
    Unreadable(String),
    #[error("the image is too large to resize ({0} pixels)")]
    TooLarge(u64),
}

/// A JPEG at most [`CARD_WIDTH`] wide of a PNG, JPEG or WebP image (kept as it is when already
/// narrower), flattened on white.
pub fn card_variant(original: &[u8]) -> Result<Vec<u8>, VariantError> {
    let reader = ImageReader::new(Cursor::new(original)).with_guessed_format().map_err(|e| VariantError::Unreadable(e.to_string()))?;
    let (width, height) = reader.into_dimensions().map_err(|e| VariantError::Unreadable(e.to_string()))?;
    let pixels = u64::from(width) * u64::from(height);
    if pixels > MAX_PIXELS {
        return Err(VariantError::TooLarge(pixels));
    }
    let image = ImageReader::new(Cursor::new(original))
        .with_guessed_format()
        .map_err(|e| VariantError::Unreadable(e.to_string()))?
        .decode()
        .map_err(|e| VariantError::Unreadable(e.to_string()))?;
    let resized = if image.width() > CARD_WIDTH { image.thumbnail(CARD_WIDTH, u32::MAX) } else { image };
    let mut rgb = image::RgbImage::new(resized.width(), resized.height());
    for (x, y, pixel) in resized.to_rgba8().enumerate_pixels() {
        let [r, g, b, a] = pixel.0;
        let blend = |c: u8| ((u16::from(c) * u16::from(a) + 255 * (255 - u16::from(a))) / 255) as u8;
        rgb.put_pixel(x, y, image::Rgb([blend(r), blend(g), blend(b)]));
    }
    let mut out = Cursor::new(Vec::new());
    rgb.write_to(&mut out, ImageFormat::Jpeg).map_err(|e| VariantError::Unreadable(e.to_string()))?;
    Ok(out.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A photo-like PNG: noise, which PNG cannot squeeze (as with real covers).
    fn png(width: u32, height: u32) -> Vec<u8> {
        let mut seed: u32 = 17;
        let image = image::RgbaImage::from_fn(width, height, |_, _| {
            seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            let [a, b, c, _] = seed.to_le_bytes();
            image::Rgba([a, b, c, 255])
        });
        let mut out = Cursor::new(Vec::new());
        image.write_to(&mut out, ImageFormat::Png).unwrap();
        out.into_inner()
    }

    #[test]
    fn a_large_cover_becomes_a_480_pixel_wide_jpeg_with_its_proportions() {
        let card = card_variant(&png(1200, 1800)).unwrap();
        let decoded = image::load_from_memory(&card).unwrap();
        assert_eq!(image::guess_format(&card).unwrap(), ImageFormat::Jpeg);
        assert_eq!((decoded.width(), decoded.height()), (480, 720));
        assert!(card.len() < png(1200, 1800).len());
    }

    #[test]
    fn a_small_cover_keeps_its_size_and_anything_else_is_refused() {
        let decoded = image::load_from_memory(&card_variant(&png(200, 300)).unwrap()).unwrap();
        assert_eq!((decoded.width(), decoded.height()), (200, 300));
        assert!(matches!(card_variant(b"<svg xmlns=\"http://www.w3.org/2000/svg\"/>"), Err(VariantError::Unreadable(_))));
        assert!(matches!(card_variant(b"\x89PNG\r\n\x1a\n garbage"), Err(VariantError::Unreadable(_))));
    }
}
