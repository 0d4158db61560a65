//! EPUB: the container names the package; the package's spine lists the chapters (XHTML) in
//! reading order; each chapter's blocks are read like a web page's. Reading stops at a budget of
//! uncompressed bytes, so a zip bomb costs nothing.

use super::html::blocks_of;
use super::{normalise_space, Document, ExtractError};
use scraper::{Html, Selector};
use std::io::{Cursor, Read};

/// The most uncompressed bytes read from one EPUB.
const MAX_UNCOMPRESSED: u64 = 64 * 1024 * 1024;

pub(super) fn extract(bytes: &[u8]) -> Result<Document, ExtractError> {
    let mut archive = zip::ZipArchive::new(Cursor::new(bytes)).map_err(|_| ExtractError::Unreadable)?;
    let mut budget = MAX_UNCOMPRESSED;
    let container = read_entry(&mut archive, "META-INF/container.xml", &mut budget)?;
    let package_path = attribute_of(&container, "rootfile", "full-path").ok_or(ExtractError::Unreadable)?;
    let package = read_entry(&mut archive, &package_path, &mut budget)?;
    let base = package_path.rsplit_once('/').map(|(dir, _)| format!("{dir}/")).unwrap_or_default();

    let opf = Html::parse_document(&package);
    let items = Selector::parse("item").expect("a valid selector");
    let spine = Selector::parse("itemref").expect("a valid selector");
    let manifest: Vec<(String, String)> =
        opf.select(&items).filter_map(|item| Some((item.value().attr("id")?.to_owned(), item.value().attr("href")?.to_owned()))).collect();
    let title = opf
        .root_element()
        .descendants()
        .filter_map(scraper::ElementRef::wrap)
        .find(|e| e.value().name().ends_with("title"))
        .map(|e| normalise_space(&e.text().collect::<String>()))
        .unwrap_or_default();

    let mut document = Document { title, blocks: Vec::new() };
    for itemref in opf.select(&spine) {
        let Some(idref) = itemref.value().attr("idref") else { continue };
        let Some((_, href)) = manifest.iter().find(|(id, _)| id == idref) else { continue };
        let path = resolve(&base, href);
        let Ok(chapter) = read_entry(&mut archive, &path, &mut budget) else { continue };
        document.blocks.extend(blocks_of(&chapter).blocks);
    }
    Ok(document)
}

fn read_entry(archive: &mut zip::ZipArchive<Cursor<&[u8]>>, name: &str, budget: &mut u64) -> Result<String, ExtractError> {
    let entry = archive.by_name(name).map_err(|_| ExtractError::Unreadable)?;
    let mut text = String::new();
    let read = entry.take(*budget).read_to_string(&mut text).map_err(|_| ExtractError::Unreadable)?;
    *budget = budget.saturating_sub(read as u64);
    if *budget == 0 {
        return Err(ExtractError::Unreadable);
    }
    Ok(text)
}

/// The first `element`'s `attribute` in an XML text.
fn attribute_of(xml: &str, element: &str, attribute: &str) -> Option<String> {
    let page = Html::parse_document(xml);
    let selector = Selector::parse(element).ok()?;
    let found = page.select(&selector).next()?;
    found.value().attr(attribute).map(str::to_owned)
}

/// A manifest href relative to the package's folder, with `..` and percent-escapes of spaces.
fn resolve(base: &str, href: &str) -> String {
    let href = href.split('#').next().unwrap_or(href).replace("%20", " ");
    let mut parts: Vec<&str> = base.split('/').filter(|p| !p.is_empty()).collect();
    for part in href.split('/') {
        match part {
            ".." => {
                parts.pop();
            }
            "." | "" => {}
            part => parts.push(part),
        }
    }
    parts.join("/")
}
