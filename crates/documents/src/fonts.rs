//! The fonts the PDF is set in: DejaVu Serif (four styles) and DejaVu Sans Mono, shipped in
//! `fonts/` and compiled into the crate, so rendering reads no file.

use std::sync::OnceLock;

use ttf_parser::{Face, GlyphId};

use crate::DocumentError;

pub(crate) const REGULAR: usize = 0;
pub(crate) const BOLD: usize = 1;
pub(crate) const ITALIC: usize = 2;
pub(crate) const BOLD_ITALIC: usize = 3;
pub(crate) const MONO: usize = 4;

const FILES: [(&str, &[u8]); 5] = [
    ("DejaVuSerif", include_bytes!("../fonts/DejaVuSerif.ttf")),
    ("DejaVuSerif-Bold", include_bytes!("../fonts/DejaVuSerif-Bold.ttf")),
    ("DejaVuSerif-Italic", include_bytes!("../fonts/DejaVuSerif-Italic.ttf")),
    ("DejaVuSerif-BoldItalic", include_bytes!("../fonts/DejaVuSerif-BoldItalic.ttf")),
    ("DejaVuSansMono", include_bytes!("../fonts/DejaVuSansMono.ttf")),
];

pub(crate) struct Font {
    /// The PostScript name (without a subset tag).
    pub name: &'static str,
    pub data: &'static [u8],
    pub face: Face<'static>,
    units_per_em: f32,
}

impl Font {
    /// A length in font units as a fraction of the em.
    pub fn em(&self, units: f32) -> f32 {
        units / self.units_per_em
    }

    /// The horizontal advance of a glyph, as a fraction of the em.
    pub fn advance(&self, gid: u16) -> f32 {
        self.em(f32::from(self.face.glyph_hor_advance(GlyphId(gid)).unwrap_or(0)))
    }

    pub fn is_serif(&self) -> bool {
        self.name.starts_with("DejaVuSerif")
    }
}

pub(crate) struct Fonts {
    pub fonts: Vec<Font>,
}

impl Fonts {
    pub fn get() -> Result<&'static Fonts, DocumentError> {
        static FONTS: OnceLock<Option<Fonts>> = OnceLock::new();
        FONTS
            .get_or_init(|| {
                let fonts = FILES
                    .iter()
                    .map(|(name, data)| {
                        let face = Face::parse(data, 0).ok()?;
                        let units_per_em = f32::from(face.units_per_em());
                        Some(Font { name, data, face, units_per_em })
                    })
                    .collect::<Option<Vec<Font>>>()?;
                Some(Fonts { fonts })
            })
            .as_ref()
            .ok_or_else(|| DocumentError::Pdf("the embedded fonts could not be read".into()))
    }

    /// The font for a combination of styles.
    pub fn pick(bold: bool, italic: bool, mono: bool) -> usize {
        match (mono, bold, italic) {
            (true, _, _) => MONO,
            (false, true, true) => BOLD_ITALIC,
            (false, true, false) => BOLD,
            (false, false, true) => ITALIC,
            (false, false, false) => REGULAR,
        }
    }

    /// The font and glyph that draw `c`: the preferred font, else the regular serif, else the mono
    /// font (which has more symbols); `None` when none of them has it.
    pub fn glyph(&self, preferred: usize, c: char) -> Option<(usize, u16)> {
        [preferred, REGULAR, MONO].into_iter().find_map(|font| {
            let gid = self.fonts[font].face.glyph_index(c)?.0;
            (gid != 0).then_some((font, gid))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fonts_parse_and_cover_typographic_characters() {
        let fonts = Fonts::get().unwrap();
        for c in ['a', 'é', 'ß', 'ø', '\u{2019}', '\u{201C}', '\u{2014}', '\u{2026}', '€', 'Ж', 'λ', '•', '\u{a0}'] {
            for font in [REGULAR, BOLD, ITALIC, BOLD_ITALIC] {
                assert_eq!(fonts.glyph(font, c).map(|(f, _)| f), Some(font), "{c:?} in font {font}");
            }
        }
        assert!(fonts.glyph(REGULAR, '\u{1F600}').is_none());
    }
}
