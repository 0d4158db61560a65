//! The EPUB, unpacked with the zip crate and parsed with roxmltree.

mod common;

use std::collections::{BTreeMap, HashSet};
use std::io::{Cursor, Read};

use common::{png_cover, summary, AUTHOR, SECTIONS, TITLE};

struct Book {
    bytes: Vec<u8>,
    files: BTreeMap<String, Vec<u8>>,
    order: Vec<String>,
}

fn unpack(bytes: Vec<u8>) -> Book {
    let mut archive = zip::ZipArchive::new(Cursor::new(bytes.clone())).expect("the EPUB is a ZIP");
    let mut files = BTreeMap::new();
    let mut order = Vec::new();
    for index in 0..archive.len() {
        let mut file = archive.by_index(index).unwrap();
        let mut content = Vec::new();
        file.read_to_end(&mut content).unwrap();
        let name = file.name().expect("a UTF-8 name").into_owned();
        order.push(name.clone());
        files.insert(name, content);
    }
    Book { bytes, files, order }
}

impl Book {
    fn text(&self, name: &str) -> &str {
        std::str::from_utf8(self.files.get(name).unwrap_or_else(|| panic!("{name} missing"))).unwrap()
    }

    fn xml(&self, name: &str) -> roxmltree::Document<'_> {
        let options = roxmltree::ParsingOptions { allow_dtd: true, ..Default::default() };
        roxmltree::Document::parse_with_options(self.text(name), options).unwrap_or_else(|error| panic!("{name}: {error}"))
    }

    fn opf_path(&self) -> String {
        let container = self.xml("META-INF/container.xml");
        let rootfile = container.descendants().find(|node| node.has_tag_name("rootfile")).expect("a rootfile");
        assert_eq!(rootfile.attribute("media-type"), Some("application/oebps-package+xml"));
        rootfile.attribute("full-path").expect("a full-path").to_owned()
    }

    /// The manifest as id -> (href relative to the archive root, properties).
    fn manifest(&self) -> BTreeMap<String, (String, Option<String>)> {
        let opf_path = self.opf_path();
        let folder = opf_path.rsplit_once('/').map_or(String::new(), |(folder, _)| format!("{folder}/"));
        let opf = self.xml(&opf_path);
        opf.descendants()
            .filter(|node| node.has_tag_name("item"))
            .map(|item| {
                let href = format!("{folder}{}", item.attribute("href").unwrap());
                (item.attribute("id").unwrap().to_owned(), (href, item.attribute("properties").map(str::to_owned)))
            })
            .collect()
    }

    fn spine(&self) -> Vec<String> {
        let manifest = self.manifest();
        let opf = self.xml(&self.opf_path());
        opf.descendants().filter(|node| node.has_tag_name("itemref")).map(|itemref| manifest[itemref.attribute("idref").unwrap()].0.clone()).collect()
    }
}

fn text_of(document: &roxmltree::Document) -> String {
    common::normalise(&document.descendants().filter(|node| node.is_text()).map(|node| node.text().unwrap()).collect::<Vec<_>>().join(" "))
}

#[test]
fn the_epub_is_a_zip_whose_first_entry_is_the_stored_mimetype() {
    let book = unpack(documents::epub(&summary(None)).unwrap());
    assert_eq!(book.order[0], "mimetype");
    assert_eq!(book.text("mimetype"), "application/epub+zip");
    // The local file header as readers check it: signature, method 0 (stored), name length 8,
    // no extra field, then the name and the uncompressed content at byte 38.
    let bytes = &book.bytes;
    assert_eq!(&bytes[0..4], b"PK\x03\x04");
    assert_eq!(&bytes[8..10], &[0, 0], "stored, not deflated");
    assert_eq!(&bytes[26..30], &[8, 0, 0, 0], "name length 8, extra field length 0");
    assert_eq!(&bytes[30..38], b"mimetype");
    assert_eq!(&bytes[38..58], b"application/epub+zip");
}

#[test]
fn the_container_points_at_a_package_with_the_metadata() {
    let book = unpack(documents::epub(&summary(None)).unwrap());
    let opf_path = book.opf_path();
    let opf = book.xml(&opf_path);
    let root = opf.root_element();
    assert_eq!(root.attribute("version"), Some("3.0"));
    let unique = root.attribute("unique-identifier").unwrap();
    let text = |tag: &str| opf.descendants().find(|node| node.tag_name().name() == tag).and_then(|node| node.text()).map(str::to_owned);
    assert_eq!(text("title").as_deref(), Some(TITLE));
    assert_eq!(text("creator").as_deref(), Some(AUTHOR));
    assert_eq!(text("language").as_deref(), Some("en"));
    let identifier = opf.descendants().find(|node| node.attribute("id") == Some(unique)).unwrap();
    assert_eq!(identifier.tag_name().name(), "identifier");
    assert!(opf.descendants().any(|node| node.attribute("property") == Some("dcterms:modified")));
    // EPUB 2's NCX is there for older readers, and the spine names it.
    let manifest = book.manifest();
    let ncx = opf.descendants().find(|node| node.has_tag_name("spine")).unwrap().attribute("toc").unwrap();
    assert_eq!(manifest[ncx].0, "OEBPS/toc.ncx");
    assert!(book.xml("OEBPS/toc.ncx").descendants().any(|node| node.attribute("name") == Some("dtb:uid")));
}

#[test]
fn ids_in_the_package_are_unique_and_every_item_exists() {
    for cover in [None, Some(png_cover(30, 40))] {
        let book = unpack(documents::epub(&summary(cover.as_deref())).unwrap());
        let opf = book.xml(&book.opf_path());
        let ids: Vec<&str> = opf.descendants().filter_map(|node| node.attribute("id")).collect();
        let unique: HashSet<&&str> = ids.iter().collect();
        assert_eq!(unique.len(), ids.len(), "duplicate ids: {ids:?}");
        for (id, (href, _)) in book.manifest() {
            assert!(book.files.contains_key(&href), "{id}: {href} is not in the archive");
        }
        // Every file but the container's own is in the manifest.
        let listed: HashSet<String> = book.manifest().into_values().map(|(href, _)| href).collect();
        for name in book.files.keys() {
            assert!(listed.contains(name) || name == "mimetype" || name.starts_with("META-INF/") || *name == book.opf_path(), "{name} unlisted");
        }
    }
}

#[test]
fn each_section_is_a_well_formed_chapter_with_its_title_and_text() {
    let book = unpack(documents::epub(&summary(None)).unwrap());
    let spine = book.spine();
    assert_eq!(spine[0], "OEBPS/title.xhtml");
    let chapters: Vec<&String> = spine.iter().filter(|href| href.contains("section-")).collect();
    assert_eq!(chapters.len(), SECTIONS.len());
    for (href, (title, _)) in chapters.iter().zip(SECTIONS) {
        let document = book.xml(href);
        assert_eq!(document.root_element().tag_name().namespace(), Some("http://www.w3.org/1999/xhtml"));
        let text = text_of(&document);
        assert!(text.contains(&common::normalise(title)), "{href} lacks its title {title:?}");
        let source = book.text(href);
        assert!(!source.contains("<img"), "{href} keeps an image");
        assert!(!source.contains("noopener"), "{href} keeps a rel attribute");
    }
    let first = text_of(&book.xml(chapters[0]));
    assert!(first.contains("Opening bold claim and an italic aside about the na\u{ef}ve caf\u{e9} owner"));
    assert!(first.contains("entities & <kept> as text."));
    let second = book.xml(chapters[1]);
    let items: Vec<String> = second.descendants().filter(|node| node.has_tag_name("li")).map(|node| common::normalise(&text_of_node(node))).collect();
    assert_eq!(items[0], "First bullet point");
    assert!(second.descendants().any(|node| node.has_tag_name("blockquote")));
    let last = text_of(&book.xml(chapters[3]));
    assert!(last.contains("Cyrillic \u{416}\u{438}\u{437}\u{43d}\u{44c}"));
}

fn text_of_node(node: roxmltree::Node) -> String {
    node.descendants().filter(|node| node.is_text()).map(|node| node.text().unwrap()).collect::<Vec<_>>().join(" ")
}

#[test]
fn every_xml_file_parses() {
    let book = unpack(documents::epub(&summary(Some(&png_cover(10, 10)))).unwrap());
    for name in book.files.keys().filter(|name| name.ends_with(".xhtml") || name.ends_with(".opf") || name.ends_with(".ncx") || name.ends_with(".xml")) {
        book.xml(name);
    }
}

#[test]
fn the_navigation_lists_every_section() {
    let book = unpack(documents::epub(&summary(None)).unwrap());
    let manifest = book.manifest();
    let (nav, _) = manifest.values().find(|(_, properties)| properties.as_deref() == Some("nav")).expect("a nav document");
    let nav = book.xml(nav);
    let toc = nav.descendants().find(|node| node.attribute(("http://www.idpf.org/2007/ops", "type")) == Some("toc")).unwrap();
    let links: Vec<String> = toc.descendants().filter(|node| node.has_tag_name("a")).map(|node| text_of_node(node)).collect();
    assert_eq!(links.len(), SECTIONS.len() + 1);
    for (link, (title, _)) in links[1..].iter().zip(SECTIONS) {
        if !title.is_empty() {
            assert_eq!(link, title);
        } else {
            assert!(!link.trim().is_empty(), "an untitled section still gets a label");
        }
    }
    let ncx = book.xml("OEBPS/toc.ncx");
    assert_eq!(ncx.descendants().filter(|node| node.has_tag_name("navPoint")).count(), SECTIONS.len() + 1);
}

#[test]
fn a_cover_is_marked_as_the_cover_image_and_shown_on_the_title_page() {
    let cover = png_cover(60, 90);
    let book = unpack(documents::epub(&summary(Some(&cover))).unwrap());
    let manifest = book.manifest();
    let covers: Vec<&(String, Option<String>)> = manifest.values().filter(|(_, properties)| properties.as_deref() == Some("cover-image")).collect();
    assert_eq!(covers.len(), 1);
    assert_eq!(book.files[&covers[0].0], cover);
    let opf = book.xml(&book.opf_path());
    let item = opf.descendants().find(|node| node.attribute("properties") == Some("cover-image")).unwrap();
    assert_eq!(item.attribute("media-type"), Some("image/png"));
    let title_page = book.xml("OEBPS/title.xhtml");
    let image = title_page.descendants().find(|node| node.has_tag_name("img")).expect("the cover on the title page");
    assert_eq!(format!("OEBPS/{}", image.attribute("src").unwrap()), covers[0].0);
    let text = text_of(&title_page);
    assert!(text.contains(TITLE) && text.contains(AUTHOR));
}

#[test]
fn a_corrupt_cover_leaves_the_book_without_one() {
    let mut truncated = png_cover(40, 40);
    truncated.truncate(30);
    for bad in [truncated, b"not an image".to_vec()] {
        let book = unpack(documents::epub(&summary(Some(&bad))).expect("a bad cover is not an error"));
        assert!(book.manifest().values().all(|(_, properties)| properties.is_none() || properties.as_deref() == Some("nav")));
        assert!(!book.text("OEBPS/title.xhtml").contains("<img"));
    }
}
