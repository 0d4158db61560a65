//! The cover image: PNG or JPEG, checked by decoding it; anything else (or anything broken) is
//! left out of the document rather than failing it.

use image::{DynamicImage, GenericImageView, ImageFormat};

/// The longest side, in pixels, a cover is embedded at in a PDF (about 270 dpi on an A5 title
/// page); larger covers are scaled down.
const MAX_SIDE: u32 = 1600;

/// Covers larger than this (either side, in pixels) or needing more memory than this to decode
/// are treated as broken: a summary's cover never needs to be, and a request must not be able to
/// make the server allocate gigabytes.
const MAX_DECODED_SIDE: u32 = 8000;
const MAX_DECODED_BYTES: u64 = 192 * 1024 * 1024;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    Png,
    Jpeg,
}

impl Kind {
    pub fn media_type(self) -> &'static str {
        match self {
            Kind::Png => "image/png",
            Kind::Jpeg => "image/jpeg",
        }
    }

    pub fn extension(self) -> &'static str {
        match self {
            Kind::Png => "png",
            Kind::Jpeg => "jpg",
        }
    }

    fn format(self) -> ImageFormat {
        match self {
            Kind::Png => ImageFormat::Png,
            Kind::Jpeg => ImageFormat::Jpeg,
        }
    }
}

/// The kind of image from its first bytes.
fn sniff(bytes: &[u8]) -> Option<Kind> {
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some(Kind::Png)
    } else if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Some(Kind::Jpeg)
    } else {
        None
    }
}

/// A cover that decodes, with its pixels.
pub(crate) struct Decoded {
    pub kind: Kind,
    pub image: DynamicImage,
}

/// The cover, if it is a PNG or JPEG that decodes (the decoder's memory limits apply).
pub(crate) fn decode(bytes: &[u8]) -> Option<Decoded> {
    let kind = sniff(bytes)?;
    let mut reader = image::ImageReader::with_format(std::io::Cursor::new(bytes), kind.format());
    let mut limits = image::Limits::default();
    limits.max_image_width = Some(MAX_DECODED_SIDE);
    limits.max_image_height = Some(MAX_DECODED_SIDE);
    limits.max_alloc = Some(MAX_DECODED_BYTES);
    reader.limits(limits);
    let image = reader.decode().ok()?;
    let (width, height) = image.dimensions();
    (width > 0 && height > 0).then_some(Decoded { kind, image })
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Encoding {
    /// JPEG data (`DCTDecode`).
    Dct,
    /// Raw samples, zlib-compressed (`FlateDecode`).
    Flate,
}

/// A cover ready for a PDF image XObject.
pub(crate) struct PdfImage {
    pub width: u32,
    pub height: u32,
    pub gray: bool,
    pub encoding: Encoding,
    pub data: Vec<u8>,
    /// The alpha channel (8-bit, zlib-compressed) when the image has transparency.
    pub alpha: Option<Vec<u8>>,
}

/// The cover as the PDF embeds it: a JPEG of one or three components as it came (no
/// re-compression), anything else (PNG, CMYK JPEG, oversized) as samples.
pub(crate) fn for_pdf(bytes: &[u8], decoded: &Decoded) -> Option<PdfImage> {
    let (width, height) = decoded.image.dimensions();
    if decoded.kind == Kind::Jpeg && width.max(height) <= MAX_SIDE {
        if let Some(components @ (1 | 3)) = jpeg_components(bytes) {
            return Some(PdfImage { width, height, gray: components == 1, encoding: Encoding::Dct, data: bytes.to_vec(), alpha: None });
        }
    }
    let image =
        if width.max(height) > MAX_SIDE { decoded.image.resize(MAX_SIDE, MAX_SIDE, image::imageops::FilterType::Triangle) } else { decoded.image.clone() };
    let (width, height) = image.dimensions();
    let color = image.color();
    let gray = !color.has_color();
    let samples = if gray { image.to_luma8().into_raw() } else { image.to_rgb8().into_raw() };
    let alpha = color.has_alpha().then(|| image.to_luma_alpha8().pixels().map(|pixel| pixel.0[1]).collect::<Vec<u8>>());
    let alpha = alpha.filter(|alpha| alpha.iter().any(|&value| value != u8::MAX));
    let data = crate::pdf::deflate(&samples);
    // A photograph saved as PNG: JPEG is usually several times smaller.
    if alpha.is_none() && data.len() > PHOTO_SIZE {
        if let Some(jpeg) = to_jpeg(&image, gray).filter(|jpeg| jpeg.len() < data.len() / 2) {
            return Some(PdfImage { width, height, gray, encoding: Encoding::Dct, data: jpeg, alpha: None });
        }
    }
    Some(PdfImage { width, height, gray, encoding: Encoding::Flate, data, alpha: alpha.map(|alpha| crate::pdf::deflate(&alpha)) })
}

/// Above this many compressed bytes, an opaque PNG cover is tried as a JPEG.
const PHOTO_SIZE: usize = 96 * 1024;

fn to_jpeg(image: &DynamicImage, gray: bool) -> Option<Vec<u8>> {
    let samples = if gray { DynamicImage::ImageLuma8(image.to_luma8()) } else { DynamicImage::ImageRgb8(image.to_rgb8()) };
    let mut out = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, 85).encode_image(&samples).ok()?;
    Some(out)
}

/// The number of colour components of a JPEG, from its start-of-frame segment.
fn jpeg_components(bytes: &[u8]) -> Option<u8> {
    let mut at = 2;
    while at + 4 <= bytes.len() {
        if bytes[at] != 0xFF {
            return None;
        }
        let marker = bytes[at + 1];
        if marker == 0xFF {
            at += 1;
            continue;
        }
        let length = usize::from(u16::from_be_bytes([bytes[at + 2], bytes[at + 3]]));
        let is_frame = matches!(marker, 0xC0..=0xCF) && !matches!(marker, 0xC4 | 0xC8 | 0xCC);
        if is_frame {
            // FF Cn, length (2), precision (1), height (2), width (2), components (1)
            return bytes.get(at + 9).copied();
        }
        if marker == 0xDA || length < 2 {
            return None;
        }
        at += 2 + length;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{ImageBuffer, Rgb, Rgba};

    fn encode(image: DynamicImage, format: ImageFormat) -> Vec<u8> {
        let mut out = std::io::Cursor::new(Vec::new());
        image.write_to(&mut out, format).unwrap();
        out.into_inner()
    }

    #[test]
    fn a_jpeg_is_passed_through_and_a_png_becomes_samples() {
        let rgb = DynamicImage::ImageRgb8(ImageBuffer::from_fn(40, 60, |x, y| Rgb([x as u8 * 5, y as u8 * 4, 90])));
        let jpeg = encode(rgb.clone(), ImageFormat::Jpeg);
        let decoded = decode(&jpeg).unwrap();
        let pdf = for_pdf(&jpeg, &decoded).unwrap();
        assert_eq!((pdf.width, pdf.height, pdf.encoding, pdf.gray), (40, 60, Encoding::Dct, false));
        assert_eq!(pdf.data, jpeg);

        let png = encode(rgb, ImageFormat::Png);
        let decoded = decode(&png).unwrap();
        assert_eq!(decoded.kind, Kind::Png);
        let pdf = for_pdf(&png, &decoded).unwrap();
        assert_eq!((pdf.encoding, pdf.alpha.is_none()), (Encoding::Flate, true));
    }

    #[test]
    fn a_photographic_png_is_embedded_as_jpeg() {
        let noise = DynamicImage::ImageRgb8(ImageBuffer::from_fn(600, 900, |x, y| {
            let n = x.wrapping_mul(2_654_435_761).wrapping_add(y.wrapping_mul(40_503)).rotate_left(7);
            Rgb([n as u8, (n >> 8) as u8, (x / 3) as u8])
        }));
        let png = encode(noise, ImageFormat::Png);
        let pdf = for_pdf(&png, &decode(&png).unwrap()).unwrap();
        assert_eq!(pdf.encoding, Encoding::Dct);
        assert!(pdf.data.len() < png.len() / 2);
    }

    #[test]
    fn transparency_becomes_a_mask_and_large_covers_shrink() {
        let rgba = DynamicImage::ImageRgba8(ImageBuffer::from_fn(2000, 100, |x, _| Rgba([1, 2, 3, (x % 256) as u8])));
        let png = encode(rgba, ImageFormat::Png);
        let pdf = for_pdf(&png, &decode(&png).unwrap()).unwrap();
        assert_eq!((pdf.width, pdf.height), (1600, 80));
        assert!(pdf.alpha.is_some());
    }

    #[test]
    fn anything_else_is_no_cover() {
        assert!(decode(b"GIF89a....").is_none());
        assert!(decode(b"\x89PNG\r\n\x1a\n broken").is_none());
        assert!(decode(&[0xFF, 0xD8, 0xFF, 0xE0, 0, 0]).is_none());
        assert!(decode(&[]).is_none());
    }
}
