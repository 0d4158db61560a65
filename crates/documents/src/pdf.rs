//! Writes the laid-out pages as a PDF 1.7: fonts as subset, embedded CID fonts (Identity-H)
//! with widths and a ToUnicode map (so text can be searched, copied and extracted), the cover
//! as an image XObject, compressed content streams, an outline of the sections.

use std::collections::BTreeMap;

use pdf_writer::types::{CidFontType, FontFlags, SystemInfo};
use pdf_writer::{Content, Filter, Finish, Name, Pdf, Rect, Ref, Str, TextStr};
use subsetter::GlyphRemapper;

use crate::cover::{Encoding, PdfImage};
use crate::fonts::Fonts;
use crate::layout::{Document, Item, TextRun, PAGE_HEIGHT, PAGE_WIDTH};
use crate::DocumentError;

pub(crate) fn deflate(data: &[u8]) -> Vec<u8> {
    miniz_oxide::deflate::compress_to_vec_zlib(data, 6)
}

pub(crate) struct Info<'a> {
    pub title: &'a str,
    pub author: &'a str,
    pub site: &'a str,
}

/// A font as embedded: its subset's glyph numbering and the characters its glyphs stand for.
struct Embedded {
    font: usize,
    remapper: GlyphRemapper,
    chars: BTreeMap<u16, char>,
}

const IMAGE: Name = Name(b"Cover");

pub(crate) fn write(fonts: &Fonts, document: &Document, info: &Info, cover: Option<&PdfImage>) -> Result<Vec<u8>, DocumentError> {
    let mut next = 0;
    let mut alloc = || {
        next += 1;
        Ref::new(next)
    };

    // The glyphs each font draws, in the order of their original ids.
    let mut used: BTreeMap<usize, BTreeMap<u16, char>> = BTreeMap::new();
    for run in document.pages.iter().flat_map(|page| &page.items).filter_map(text_run) {
        let chars = used.entry(run.font).or_default();
        for glyph in &run.glyphs {
            chars.entry(glyph.gid).or_insert(glyph.ch);
        }
    }
    let embedded: Vec<Embedded> = used
        .into_iter()
        .map(|(font, chars)| {
            let gids: Vec<u16> = chars.keys().copied().collect();
            Embedded { font, remapper: GlyphRemapper::new_from_glyphs_sorted(&gids), chars }
        })
        .collect();

    let mut pdf = Pdf::new();
    let catalog = alloc();
    let tree = alloc();
    let info_id = alloc();
    let page_ids: Vec<(Ref, Ref)> = document.pages.iter().map(|_| (alloc(), alloc())).collect();
    let font_ids: Vec<Ref> = embedded.iter().map(|_| alloc()).collect();
    let image_ids = cover.map(|image| (alloc(), image.alpha.as_ref().map(|_| alloc())));

    // Pages.
    pdf.pages(tree).kids(page_ids.iter().map(|(page, _)| *page)).count(document.pages.len() as i32);
    for (index, (page, (page_id, content_id))) in document.pages.iter().zip(&page_ids).enumerate() {
        let mut writer = pdf.page(*page_id);
        writer.media_box(Rect::new(0.0, 0.0, PAGE_WIDTH, PAGE_HEIGHT)).parent(tree).contents(*content_id);
        let mut resources = writer.resources();
        let mut font_dict = resources.fonts();
        for (slot, id) in font_ids.iter().enumerate() {
            font_dict.pair(font_name(slot).as_name(), *id);
        }
        font_dict.finish();
        if let (0, Some((image_id, _))) = (index, image_ids) {
            resources.x_objects().pair(IMAGE, image_id);
        }
        resources.finish();
        writer.finish();

        let content = page_content(page, &embedded)?;
        pdf.stream(*content_id, &deflate(&content)).filter(Filter::FlateDecode);
    }

    // Fonts.
    for (slot, (font, id)) in embedded.iter().zip(&font_ids).enumerate() {
        write_font(&mut pdf, &mut alloc, fonts, font, *id, slot)?;
    }

    // The cover.
    if let (Some(image), Some((image_id, mask_id))) = (cover, image_ids) {
        let mut xobject = pdf.image_xobject(image_id, &image.data);
        xobject.filter(match image.encoding {
            Encoding::Dct => Filter::DctDecode,
            Encoding::Flate => Filter::FlateDecode,
        });
        xobject.width(image.width as i32).height(image.height as i32).bits_per_component(8);
        if image.gray {
            xobject.color_space().device_gray();
        } else {
            xobject.color_space().device_rgb();
        }
        if let Some(mask_id) = mask_id {
            xobject.s_mask(mask_id);
        }
        xobject.finish();
        if let (Some(mask_id), Some(alpha)) = (mask_id, &image.alpha) {
            let mut mask = pdf.image_xobject(mask_id, alpha);
            mask.filter(Filter::FlateDecode);
            mask.width(image.width as i32).height(image.height as i32).bits_per_component(8);
            mask.color_space().device_gray();
        }
    }

    // The outline: one entry per section.
    let outline_id = (!document.outline.is_empty()).then(&mut alloc);
    if let Some(outline_id) = outline_id {
        let item_ids: Vec<Ref> = document.outline.iter().map(|_| alloc()).collect();
        for (index, ((title, page), id)) in document.outline.iter().zip(&item_ids).enumerate() {
            let mut item = pdf.outline_item(*id);
            item.title(TextStr(title)).parent(outline_id);
            if index > 0 {
                item.prev(item_ids[index - 1]);
            }
            if let Some(next) = item_ids.get(index + 1) {
                item.next(*next);
            }
            item.dest().page(page_ids[*page].0).xyz(0.0, PAGE_HEIGHT, None);
        }
        let mut outline = pdf.outline(outline_id);
        if let (Some(first), Some(last)) = (item_ids.first(), item_ids.last()) {
            outline.first(*first).last(*last);
        }
        outline.count(item_ids.len() as i32);
    }

    let mut catalog_writer = pdf.catalog(catalog);
    catalog_writer.pages(tree).lang(TextStr("en"));
    catalog_writer.viewer_preferences().display_doc_title(true);
    if let Some(outline_id) = outline_id {
        catalog_writer.outlines(outline_id);
    }
    catalog_writer.finish();
    let mut document_info = pdf.document_info(info_id);
    document_info.title(TextStr(info.title)).author(TextStr(info.author));
    if !info.site.is_empty() {
        document_info.creator(TextStr(info.site));
    }
    document_info.finish();
    Ok(pdf.finish())
}

fn text_run(item: &Item) -> Option<&TextRun> {
    match item {
        Item::Text(run) => Some(run),
        _ => None,
    }
}

struct FontName(String);

impl FontName {
    fn as_name(&self) -> Name<'_> {
        Name(self.0.as_bytes())
    }
}

fn font_name(slot: usize) -> FontName {
    FontName(format!("F{slot}"))
}

fn page_content(page: &crate::layout::Page, embedded: &[Embedded]) -> Result<Vec<u8>, DocumentError> {
    let mut content = Content::new();
    for item in &page.items {
        match item {
            Item::Rect { x, y, width, height, gray } => {
                content.set_fill_gray(*gray).rect(*x, *y, *width, *height).fill_nonzero();
            }
            Item::Image { x, y, width, height } => {
                content.save_state().transform([*width, 0.0, 0.0, *height, *x, *y]).x_object(IMAGE).restore_state();
            }
            Item::Text(run) => {
                let slot =
                    embedded.iter().position(|font| font.font == run.font).ok_or_else(|| DocumentError::Pdf("a font was used but not embedded".into()))?;
                let remapper = &embedded[slot].remapper;
                // Glyph codes (two bytes each, the subset's numbering) between justification gaps.
                let mut pieces: Vec<(Vec<u8>, f32)> = vec![(Vec::new(), 0.0)];
                for glyph in &run.glyphs {
                    let gid = remapper.get(glyph.gid).unwrap_or(0);
                    if let Some((codes, _)) = pieces.last_mut() {
                        codes.extend_from_slice(&gid.to_be_bytes());
                    }
                    if glyph.extra != 0.0 {
                        if let Some((_, gap)) = pieces.last_mut() {
                            *gap = glyph.extra;
                        }
                        pieces.push((Vec::new(), 0.0));
                    }
                }
                let name = font_name(slot);
                content.begin_text().set_fill_gray(run.gray).set_font(name.as_name(), run.size);
                content.set_text_matrix([1.0, 0.0, 0.0, 1.0, run.x, run.y]);
                let mut shown = content.show_positioned();
                let mut items = shown.items();
                for (codes, gap) in &pieces {
                    if !codes.is_empty() {
                        items.show(Str(codes));
                    }
                    if *gap != 0.0 {
                        items.adjust(-gap * 1000.0 / run.size);
                    }
                }
                items.finish();
                shown.finish();
                content.end_text();
            }
        }
    }
    Ok(content.finish().into_vec())
}

fn write_font(pdf: &mut Pdf, alloc: &mut impl FnMut() -> Ref, fonts: &Fonts, embedded: &Embedded, type0_id: Ref, slot: usize) -> Result<(), DocumentError> {
    let font = &fonts.fonts[embedded.font];
    let (cid_id, descriptor_id, file_id, cmap_id) = (alloc(), alloc(), alloc(), alloc());
    let subset = subsetter::subset(font.data, 0, &embedded.remapper).map_err(|_| DocumentError::Pdf(format!("the font {} could not be subset", font.name)))?;
    // A subset's name starts with a tag of six capital letters, unique per subset in the file.
    let tag: String = (0..6).map(|i| char::from(b'A' + ((slot * 7 + embedded.chars.len() * (i + 3)) % 26) as u8)).collect();
    let base_font = format!("{tag}+{}", font.name);
    let system_info = SystemInfo { registry: Str(b"Adobe"), ordering: Str(b"Identity"), supplement: 0 };

    pdf.type0_font(type0_id).base_font(Name(base_font.as_bytes())).encoding_predefined(Name(b"Identity-H")).descendant_font(cid_id).to_unicode(cmap_id);

    let mut cid = pdf.cid_font(cid_id);
    cid.subtype(CidFontType::Type2)
        .base_font(Name(base_font.as_bytes()))
        .system_info(system_info)
        .font_descriptor(descriptor_id)
        .cid_to_gid_map_predefined(Name(b"Identity"));
    let widths: Vec<f32> = embedded.remapper.remapped_gids().map(|old| font.advance(old) * 1000.0).collect();
    cid.widths().consecutive(0, widths);
    cid.finish();

    let face = &font.face;
    let scale = |units: i16| font.em(f32::from(units)) * 1000.0;
    let bbox = face.global_bounding_box();
    let mut flags = FontFlags::NON_SYMBOLIC;
    if font.is_serif() {
        flags |= FontFlags::SERIF;
    }
    if face.is_monospaced() {
        flags |= FontFlags::FIXED_PITCH;
    }
    if face.is_italic() {
        flags |= FontFlags::ITALIC;
    }
    let weight = f32::from(face.weight().to_number());
    pdf.font_descriptor(descriptor_id)
        .name(Name(base_font.as_bytes()))
        .flags(flags)
        .bbox(Rect::new(scale(bbox.x_min), scale(bbox.y_min), scale(bbox.x_max), scale(bbox.y_max)))
        .italic_angle(face.italic_angle())
        .ascent(scale(face.ascender()))
        .descent(scale(face.descender()))
        .cap_height(scale(face.capital_height().unwrap_or(face.ascender())))
        .stem_v(10.0 + 0.244 * (weight - 50.0))
        .font_file2(file_id);

    let compressed = deflate(&subset);
    let mut file = pdf.stream(file_id, &compressed);
    file.filter(Filter::FlateDecode).pair(Name(b"Length1"), subset.len() as i32);
    file.finish();

    let mut cmap = pdf_writer::types::UnicodeCmap::new(Name(b"Custom"), system_info);
    for (old, ch) in &embedded.chars {
        if let Some(new) = embedded.remapper.get(*old) {
            cmap.pair(new, *ch);
        }
    }
    let cmap = cmap.finish().into_vec();
    let compressed = deflate(&cmap);
    pdf.cmap(cmap_id, &compressed).filter(Filter::FlateDecode);
    Ok(())
}
