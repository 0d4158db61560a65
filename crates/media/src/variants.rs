//! Smaller variants of uploaded images: a book card needs a cover a few hundred pixels wide, not
//! the operator's 3000-pixel original.

use image::ImageReader;
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

/// The card-sized cover in two encodings of the same pixels: the JPEG every browser shows and a
/// lossy WebP, about a third smaller, for browsers that say they accept it.
pub struct CardVariants {
    pub jpeg: Vec<u8>,
    pub webp: Vec<u8>,
}

/// Quality of both encodings (the `image` crate's JPEG default, so the WebP is like for like).
const QUALITY: u8 = 75;

/// The WebP sibling's key of a card variant's key (`covers/x-card.jpg` -> `covers/x-card.webp`),
/// if the key is a card variant's.
pub fn webp_sibling(card_key: &str) -> Option<String> {
    card_key.strip_suffix("-card.jpg").map(|stem| format!("{stem}-card.webp"))
}

/// A JPEG and a WebP at most [`CARD_WIDTH`] wide of a PNG, JPEG or WebP image (kept as it is when
/// already narrower), flattened on white.
pub fn card_variants(original: &[u8]) -> Result<CardVariants, VariantError> {
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
    let mut jpeg = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut jpeg, QUALITY).encode_image(&rgb).map_err(|e| VariantError::Unreadable(e.to_string()))?;
    let webp = webp::Encoder::from_rgb(rgb.as_raw(), rgb.width(), rgb.height()).encode(f32::from(QUALITY)).to_vec();
    Ok(CardVariants { jpeg, webp })
}

#[cfg(test)]
mod tests {
    use super::*;

    use image::ImageFormat;

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

    /// A cover-like PNG: smooth colour fields with a little grain, as scanned artwork has.
    fn artwork(width: u32, height: u32) -> Vec<u8> {
        let mut seed: u32 = 5;
        let image = image::RgbaImage::from_fn(width, height, |x, y| {
            seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            let grain = (seed >> 28) as u8;
            let band = if (x / 40 + y / 60) % 3 == 0 { 60 } else { 0 };
            image::Rgba([((x * 255) / width) as u8 / 2 + grain + band, ((y * 255) / height) as u8 / 2 + grain, 90 + grain, 255])
        });
        let mut out = Cursor::new(Vec::new());
        image.write_to(&mut out, ImageFormat::Png).unwrap();
        out.into_inner()
    }

    #[test]
    fn a_large_cover_becomes_a_480_pixel_wide_jpeg_and_webp_with_its_proportions() {
        let cards = card_variants(&png(1200, 1800)).unwrap();
        assert_eq!(image::guess_format(&cards.jpeg).unwrap(), ImageFormat::Jpeg);
        assert_eq!(image::guess_format(&cards.webp).unwrap(), ImageFormat::WebP);
        for card in [&cards.jpeg, &cards.webp] {
            let decoded = image::load_from_memory(card).unwrap();
            assert_eq!((decoded.width(), decoded.height()), (480, 720));
            assert!(card.len() < png(1200, 1800).len());
        }
    }

    #[test]
    fn the_webp_card_is_smaller_than_the_jpeg_of_the_same_pixels() {
        let cards = card_variants(&artwork(960, 1440)).unwrap();
        assert!(cards.webp.len() * 10 < cards.jpeg.len() * 9, "webp {} bytes, jpeg {} bytes", cards.webp.len(), cards.jpeg.len());
    }

    #[test]
    fn a_small_cover_keeps_its_size_and_anything_else_is_refused() {
        let cards = card_variants(&png(200, 300)).unwrap();
        for card in [&cards.jpeg, &cards.webp] {
            let decoded = image::load_from_memory(card).unwrap();
            assert_eq!((decoded.width(), decoded.height()), (200, 300));
        }
        assert!(matches!(card_variants(b"<svg xmlns=\"http://www.w3.org/2000/svg\"/>"), Err(VariantError::Unreadable(_))));
        assert!(matches!(card_variants(b"\x89PNG\r\n\x1a\n garbage"), Err(VariantError::Unreadable(_))));
    }

    #[test]
    fn only_a_card_key_has_a_webp_sibling() {
        assert_eq!(webp_sibling("public/covers/walden-x1-card.jpg").as_deref(), Some("public/covers/walden-x1-card.webp"));
        assert_eq!(webp_sibling("public/covers/walden-x1.jpg"), None);
        assert_eq!(webp_sibling("public/covers/walden-card.png"), None);
    }
}
