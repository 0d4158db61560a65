//! EPUB: the container names the package; the package's spine lists the chapters (XHTML) in
//! reading order; each chapter's blocks are read like a web page's. The container and the package
//! are XML and are read as XML (roxmltree, names matched by namespace), so any generator's prefixes,
//! quoting, attribute order and comments read alike. Reading stops at a budget of uncompressed
//! bytes, so a zip bomb costs nothing.

use super::html::blocks_of;
use super::{normalise_space, Document, ExtractError};
use std::io::{Cursor, Read};

/// The most uncompressed bytes read from one EPUB.
const MAX_UNCOMPRESSED: u64 = 64 * 1024 * 1024;

/// The namespaces of the OCF container, the OPF package and Dublin Core (the package's metadata).
const CONTAINER: &str = "urn:oasis:names:tc:opendocument:xmlns:container";
const OPF: &str = "http://www.idpf.org/2007/opf";
const DC: &str = "http://purl.org/dc/elements/1.1/";
/// The media type of the rootfile that is the package (a container may name other renditions).
const PACKAGE_TYPE: &str = "application/oebps-package+xml";

pub(super) fn extract(bytes: &[u8]) -> Result<Document, ExtractError> {
    let mut archive = zip::ZipArchive::new(Cursor::new(bytes)).map_err(|_| ExtractError::Unreadable)?;
    let mut budget = MAX_UNCOMPRESSED;
    let container = read_entry(&mut archive, "META-INF/container.xml", &mut budget)?;
    let package_path = package_path(&container).ok_or(ExtractError::Unreadable)?;
    let package = read_entry(&mut archive, &package_path, &mut budget)?;
    let base = package_path.rsplit_once('/').map(|(dir, _)| format!("{dir}/")).unwrap_or_default();
    let Package { title, chapters } = read_package(&package).ok_or(ExtractError::Unreadable)?;

    let mut document = Document { title, blocks: Vec::new() };
    for href in chapters {
        let Ok(chapter) = read_entry(&mut archive, &resolve(&base, &href), &mut budget) else { continue };
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

/// An XML text, or none when it is not well-formed. A document type declaration is allowed
/// (roxmltree bounds entity expansion and never loads external entities).
fn parse_xml(text: &str) -> Option<roxmltree::Document<'_>> {
    let options = roxmltree::ParsingOptions { allow_dtd: true, ..Default::default() };
    roxmltree::Document::parse_with_options(text, options).ok()
}

/// Whether a node is the element `name` of the namespace `namespace`. An element in no
/// namespace also counts: some generators leave the namespace declaration out.
fn is(node: roxmltree::Node, namespace: &str, name: &str) -> bool {
    node.is_element() && node.tag_name().name() == name && node.tag_name().namespace().is_none_or(|ns| ns == namespace)
}

/// The path of the package: the container's first rootfile of the package's media type (or the
/// first rootfile, when none says its type).
fn package_path(container: &str) -> Option<String> {
    let container = parse_xml(container)?;
    let rootfiles: Vec<roxmltree::Node> = container.descendants().filter(|node| is(*node, CONTAINER, "rootfile")).collect();
    let rootfile = rootfiles.iter().find(|node| node.attribute("media-type") == Some(PACKAGE_TYPE)).or_else(|| rootfiles.first())?;
    rootfile.attribute("full-path").filter(|path| !path.is_empty()).map(str::to_owned)
}

/// What is read from the package: its title and its chapters' hrefs in spine order.
struct Package {
    title: String,
    chapters: Vec<String>,
}

fn read_package(package: &str) -> Option<Package> {
    let package = parse_xml(package)?;
    let root = package.root_element();
    if !is(root, OPF, "package") {
        return None;
    }
    let section = |name: &str| root.children().find(|node| is(*node, OPF, name));
    let title = section("metadata")
        .into_iter()
        .flat_map(|metadata| metadata.children())
        .filter(|node| is(*node, DC, "title"))
        .map(|title| normalise_space(&title.descendants().filter(|node| node.is_text()).filter_map(|node| node.text()).collect::<String>()))
        .find(|title| !title.is_empty())
        .unwrap_or_default();
    let manifest: Vec<(&str, &str)> = section("manifest")
        .into_iter()
        .flat_map(|manifest| manifest.children())
        .filter(|node| is(*node, OPF, "item"))
        .filter_map(|item| Some((item.attribute("id")?, item.attribute("href")?)))
        .collect();
    let chapters = section("spine")
        .into_iter()
        .flat_map(|spine| spine.children())
        .filter(|node| is(*node, OPF, "itemref"))
        .filter_map(|itemref| itemref.attribute("idref"))
        .filter_map(|idref| manifest.iter().find(|(id, _)| *id == idref).map(|(_, href)| (*href).to_owned()))
        .collect();
    Some(Package { title, chapters })
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
