//! Admin-entered HTML: what it may contain, and where a summary's first section ends.

use std::collections::HashSet;

pub mod memo;

/// Cleans admin-entered HTML (summary bodies, blog posts) with ammonia's allow-list: text
/// formatting, headings, lists, quotes, links and images; no scripts, styles, event handlers or
/// `javascript:` URLs. A block's stable id (`data-block`, see [`with_block_ids`]) is kept when it
/// is a short word of letters, digits, `-` and `_`. Applied before storing and again before serving.
pub fn sanitize(html: &str) -> String {
    let tags: HashSet<&str> = [
        "h2",
        "h3",
        "h4",
        "p",
        "br",
        "hr",
        "blockquote",
        "ul",
        "ol",
        "li",
        "em",
        "strong",
        "b",
        "i",
        "u",
        "a",
        "img",
        "figure",
        "figcaption",
        "code",
        "pre",
        "sup",
        "sub",
    ]
    .into_iter()
    .collect();
    ammonia::Builder::default()
        .tags(tags)
        .link_rel(Some("noopener noreferrer"))
        .url_schemes(["http", "https", "mailto"].into_iter().collect())
        .add_generic_attributes([BLOCK_ID_ATTRIBUTE])
        .attribute_filter(|_, attribute, value| match attribute {
            BLOCK_ID_ATTRIBUTE if !is_block_id(value) => None,
            _ => Some(value.into()),
        })
        .clean(html)
        .to_string()
}

/// HTML that went through [`sanitize`]: the only form in which a summary or a blog post can be
/// stored (the database adapter's insert forms take this type, not a `String`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SanitizedHtml(String);

impl SanitizedHtml {
    pub fn new(html: &str) -> SanitizedHtml {
        SanitizedHtml(sanitize(html))
    }

    /// A summary's body: sanitised, and every block of every section given its stable id
    /// ([`with_block_ids`]), so that the back office's editor shows and keeps them.
    pub fn summary(html: &str) -> SanitizedHtml {
        SanitizedHtml(with_block_ids(&sanitize(html)))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl From<SanitizedHtml> for String {
    fn from(html: SanitizedHtml) -> String {
        html.0
    }
}

/// The part of a sanitised summary a visitor may see: everything before the second section
/// heading (`<h3>` or `<h2>`). A body with fewer than two headings shows only its first paragraph,
/// so that the whole text never passes for a "first section".
pub fn first_section(html: &str) -> String {
    let headings = heading_starts(html);
    if headings.len() >= 2 {
        return html[..headings[1]].trim_end().to_owned();
    }
    match html.find("</p>") {
        Some(end) => html[..end + "</p>".len()].to_owned(),
        None => String::new(),
    }
}

/// Byte offsets of every `<h2` and `<h3` opening tag (sanitised HTML is lower-case).
fn heading_starts(html: &str) -> Vec<usize> {
    let mut starts: Vec<usize> = html.match_indices("<h3").chain(html.match_indices("<h2")).map(|(at, _)| at).collect();
    starts.sort_unstable();
    starts
}

/// One page of the reader: a heading's text and the HTML up to the next section.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Section {
    pub title: String,
    pub html: String,
}

/// Elements that may wrap a whole summary; a single one around everything is looked through.
const WRAPPERS: [&str; 4] = ["div", "section", "article", "main"];

/// The reader's pages of a summary (member spec §3), decided here so that the reader, position
/// clamping and completion count the same sections:
/// - a section starts at each top-level `<h3>`; its title is the heading's text, its html what
///   follows up to the next section (the heading itself is not part of it);
/// - content before the first heading belongs to the first section;
/// - a trailing level-2 group (`<h2>`s after the last `<h3>`, e.g. "Final summary") is promoted:
///   each of those `<h2>` starts a section; an `<h2>` followed later by an `<h3>` is content;
/// - a body without headings is one untitled section; an empty body has none;
/// - headings nested inside other content (a quote, a list) never split.
pub fn sections(html: &str) -> Vec<Section> {
    let fragment = scraper::Html::parse_fragment(html);
    let Some(groups) = section_groups(&fragment) else { return vec![] };
    groups.into_iter().map(|(heading, members)| Section { title: heading.map(heading_text).unwrap_or_default(), html: serialise(&members) }).collect()
}

/// The sections of a parsed body as [`sections`] splits it: each one's heading (none for a body
/// without headings) and the top-level nodes it holds; `None` for a body with no content.
fn section_groups(fragment: &scraper::Html) -> Option<Vec<(Option<NodeRef<'_>>, Vec<NodeRef<'_>>)>> {
    let nodes = top_level_nodes(fragment.root_element());
    if nodes.iter().all(|node| is_blank(*node)) {
        return None;
    }
    let last_h3 = nodes.iter().rposition(|node| heading_level(*node) == Some(3));
    let starts_section = |index: usize, node: NodeRef| match heading_level(node) {
        Some(3) => true,
        Some(2) => last_h3.is_none_or(|last| index > last),
        _ => false,
    };
    let mut leading = Vec::new();
    let mut groups: Vec<(Option<NodeRef>, Vec<NodeRef>)> = Vec::new();
    for (index, node) in nodes.into_iter().enumerate() {
        if starts_section(index, node) {
            groups.push((Some(node), vec![]));
        } else if let Some((_, members)) = groups.last_mut() {
            members.push(node);
        } else {
            leading.push(node);
        }
    }
    if groups.is_empty() {
        return Some(vec![(None, leading)]);
    }
    groups[0].1.splice(0..0, leading);
    Some(groups)
}

/// The attribute that holds a block's stable id.
const BLOCK_ID_ATTRIBUTE: &str = "data-block";

/// A block id the sanitiser keeps: 1 to 40 letters, digits, `-` or `_`.
fn is_block_id(value: &str) -> bool {
    (1..=40).contains(&value.len()) && value.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// Gives every block of every section (each top-level element, as [`section_blocks`] reads them) a
/// `data-block` id, so that a highlight's anchor survives the operator's next edit: an inserted
/// paragraph no longer shifts the blocks after it. Ids are unique within a section (where a
/// highlight looks them up):
/// - an element keeps the id it has (the first of two that share one keeps it: a pasted copy);
/// - an element without one gets the id it is read by today, `b` and its index, when that is free,
///   so highlights made before the body had ids keep pointing at the same block;
/// - else a fresh `b` number past every id in the section.
///
/// Sanitised input comes out byte for byte the same apart from the added attributes.
pub fn with_block_ids(html: &str) -> String {
    let mut fragment = scraper::Html::parse_fragment(html);
    let additions: Vec<(ego_tree::NodeId, String)> = {
        let Some(groups) = section_groups(&fragment) else { return html.to_owned() };
        groups.iter().flat_map(|(_, members)| ids_to_add(members)).collect()
    };
    if additions.is_empty() {
        return html.to_owned();
    }
    for (node, id) in additions {
        if let Some(mut node) = fragment.tree.get_mut(node) {
            if let scraper::Node::Element(element) = node.value() {
                element.attrs.retain(|(name, _)| &*name.local != BLOCK_ID_ATTRIBUTE);
                let name = html5ever::QualName::new(None, html5ever::ns!(), html5ever::LocalName::from(BLOCK_ID_ATTRIBUTE));
                element.attrs.push((name, id.as_str().into()));
            }
        }
    }
    fragment.root_element().inner_html()
}

/// The ids [`with_block_ids`] sets on one section's elements (those it changes only).
fn ids_to_add(members: &[NodeRef]) -> Vec<(ego_tree::NodeId, String)> {
    let elements: Vec<scraper::ElementRef> = members.iter().filter_map(|node| scraper::ElementRef::wrap(*node)).collect();
    let mut taken: HashSet<String> = HashSet::new();
    let kept: Vec<bool> =
        elements.iter().map(|element| element.value().attr(BLOCK_ID_ATTRIBUTE).is_some_and(|id| is_block_id(id) && taken.insert(id.to_owned()))).collect();
    let numbered = |id: &String| id.strip_prefix('b').and_then(|n| n.parse::<usize>().ok());
    let mut next = taken.iter().filter_map(numbered).max().map_or(0, |n| n + 1);
    let mut additions = Vec::new();
    for (index, element) in elements.iter().enumerate().filter(|(index, _)| !kept[*index]) {
        let by_index = format!("b{index}");
        let id = if taken.contains(&by_index) {
            while taken.contains(&format!("b{next}")) {
                next += 1;
            }
            format!("b{next}")
        } else {
            by_index
        };
        taken.insert(id.clone());
        let node: &NodeRef = element;
        additions.push((node.id(), id));
    }
    additions
}

/// The blocks of a reader's section (`Section::html`), as highlights address them: each top-level
/// element (a paragraph, a list, a quote, a sub-heading) in order, with its id (`data-block` when
/// the editor gave one, else `b` and its index among the elements) and its text as a browser's
/// `textContent` reads it. Text outside any element is not a block (the reader cannot mark it).
pub fn section_blocks(section_html: &str) -> Vec<(String, String)> {
    let fragment = scraper::Html::parse_fragment(section_html);
    fragment
        .root_element()
        .children()
        .filter_map(scraper::ElementRef::wrap)
        .enumerate()
        .map(|(index, element)| {
            let id = element.value().attr("data-block").map_or_else(|| format!("b{index}"), str::to_owned);
            (id, element.text().collect())
        })
        .collect()
}

/// The number of sections the reader shows of a stored book's body (at least one, so position 0
/// always exists), through the process's memo of splits. Positions saved by members are clamped
/// to this.
pub fn book_section_count(book: i64, body: &str) -> usize {
    memo::ReadingMemo::shared().reading(book, body).sections(memo::Part::Whole).len().max(1)
}

type NodeRef<'a> = ego_tree::NodeRef<'a, scraper::Node>;

fn top_level_nodes(root: scraper::ElementRef<'_>) -> Vec<NodeRef<'_>> {
    let mut nodes: Vec<NodeRef> = root.children().collect();
    loop {
        let meaningful: Vec<&NodeRef> = nodes.iter().filter(|node| !is_blank(**node)).collect();
        let [only] = meaningful.as_slice() else { return nodes };
        let Some(element) = scraper::ElementRef::wrap(**only) else { return nodes };
        let has_heading = element.descendants().any(|node| heading_level(node).is_some());
        if !WRAPPERS.contains(&element.value().name()) || !has_heading {
            return nodes;
        }
        nodes = element.children().collect();
    }
}

fn is_blank(node: NodeRef) -> bool {
    match node.value() {
        scraper::Node::Comment(_) => true,
        scraper::Node::Text(text) => text.trim().is_empty(),
        _ => false,
    }
}

fn heading_level(node: NodeRef) -> Option<u8> {
    match node.value() {
        scraper::Node::Element(element) if element.name() == "h2" => Some(2),
        scraper::Node::Element(element) if element.name() == "h3" => Some(3),
        _ => None,
    }
}

fn heading_text(node: NodeRef) -> String {
    let element = scraper::ElementRef::wrap(node).expect("headings are elements");
    element.text().collect::<String>().split_whitespace().collect::<Vec<_>>().join(" ")
}

fn serialise(nodes: &[NodeRef]) -> String {
    let mut html = String::new();
    for node in nodes {
        match node.value() {
            scraper::Node::Text(text) => html.push_str(&escape_text(text)),
            scraper::Node::Element(_) => html.push_str(&scraper::ElementRef::wrap(*node).expect("an element").html()),
            _ => {}
        }
    }
    html.trim().to_owned()
}

fn escape_text(text: &str) -> String {
    text.replace('&', "&amp;").replace('\u{a0}', "&nbsp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// Plain text of an HTML fragment (for search snippets, word counts and audio scripts).
pub fn plain_text(html: &str) -> String {
    let mut text = String::with_capacity(html.len());
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => {
                in_tag = false;
                text.push(' ');
            }
            _ if !in_tag => text.push(c),
            _ => {}
        }
    }
    let decoded = text.replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&#39;", "'");
    decoded.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sections_blocks_are_its_top_level_elements_with_their_text_content() {
        let blocks =
            section_blocks("<p>One &amp; <em>two</em></p>\n<ul><li>a</li><li>b</li></ul> loose text <blockquote data-block=\"q7\"><p>Quoted</p></blockquote>");
        let expected: Vec<(String, String)> =
            [("b0", "One & two"), ("b1", "ab"), ("q7", "Quoted")].iter().map(|(id, text)| ((*id).to_owned(), (*text).to_owned())).collect();
        assert_eq!(blocks, expected);
        assert!(section_blocks("").is_empty());
    }

    #[test]
    fn the_sanitiser_keeps_a_well_formed_block_id_and_no_other_data_attribute() {
        assert_eq!(
            sanitize(r#"<p data-block="b3">a</p><ul data-block="k_9-x"><li>b</li></ul>"#),
            r#"<p data-block="b3">a</p><ul data-block="k_9-x"><li>b</li></ul>"#
        );
        assert_eq!(sanitize(r#"<p data-block="a b">a</p><p data-block="">b</p><p data-other="1">c</p>"#), "<p>a</p><p>b</p><p>c</p>");
        assert_eq!(sanitize(&format!(r#"<p data-block="{}">a</p>"#, "x".repeat(41))), "<p>a</p>");
        assert_eq!(sanitize(r#"<p data-block="&quot;><script>alert(1)</script>">a</p>"#), "<p>a</p>");
    }

    /// Every section's blocks, as highlights read them.
    fn blocks_of(body: &str) -> Vec<Vec<(String, String)>> {
        sections(body).iter().map(|section| section_blocks(&section.html)).collect()
    }

    #[test]
    fn a_body_without_ids_gets_the_ids_its_blocks_are_read_by_and_nothing_else_changes() {
        let body = "<p>intro</p>\n<h3>One</h3><p>a &amp; <em>b</em></p> loose <ul><li>c</li></ul><h3>Two</h3><blockquote><p>q</p></blockquote>";
        let with_ids = with_block_ids(body);
        assert_eq!(
            with_ids,
            "<p data-block=\"b0\">intro</p>\n<h3>One</h3><p data-block=\"b1\">a &amp; <em>b</em></p> loose <ul data-block=\"b2\"><li>c</li></ul><h3>Two</h3><blockquote data-block=\"b0\"><p>q</p></blockquote>"
        );
        assert_eq!(blocks_of(&with_ids), blocks_of(body), "highlights made before the ids find the same blocks");
        assert_eq!(with_block_ids(&with_ids), with_ids, "a second pass changes nothing");
        assert_eq!(sanitize(&with_ids), with_ids, "the ids survive sanitising before serving");
        assert_eq!(with_block_ids(""), "");
        assert_eq!(with_block_ids("plain words"), "plain words");
    }

    #[test]
    fn an_inserted_paragraph_gets_a_fresh_id_and_the_others_keep_theirs() {
        let stored = with_block_ids("<h3>One</h3><p>a</p><p>b</p><p>c</p>");
        let edited = stored.replace(r#"<p data-block="b1">b</p>"#, r#"<p>new</p><p data-block="b1">b</p>"#);
        let ids: Vec<String> = blocks_of(&with_block_ids(&edited))[0].iter().map(|(id, _)| id.clone()).collect();
        assert_eq!(ids, ["b0", "b3", "b1", "b2"]);
    }

    #[test]
    fn a_pasted_copy_of_a_block_gets_an_id_of_its_own() {
        let pasted = r#"<p data-block="b0">a</p><p data-block="b1">b</p><p data-block="b1">b</p><p data-block="b0">a</p>"#;
        let ids: Vec<String> = blocks_of(&with_block_ids(pasted))[0].iter().map(|(id, _)| id.clone()).collect();
        assert_eq!(ids, ["b0", "b1", "b2", "b3"]);
    }

    #[test]
    fn a_summary_body_is_sanitised_then_given_block_ids() {
        let body = SanitizedHtml::summary(r#"<h3 onclick="x()">One</h3><p data-block="keep">a</p><script>alert(1)</script><p>b</p>"#);
        assert_eq!(body.as_str(), r#"<h3>One</h3><p data-block="keep">a</p><p data-block="b1">b</p>"#);
    }

    #[test]
    fn scripts_handlers_and_javascript_urls_are_removed() {
        let dirty = r#"<h3 onclick="x()">Idea</h3><script>alert(1)</script><p style="color:red">Hi <a href="javascript:alert(1)">x</a> <a href="https://example.com">ok</a></p><iframe src="https://evil"></iframe>"#;
        let clean = sanitize(dirty);
        assert!(!clean.contains("script") && !clean.contains("onclick") && !clean.contains("style"));
        assert!(!clean.contains("javascript:") && !clean.contains("iframe"));
        assert!(clean.contains("<h3>Idea</h3>"));
        assert!(clean.contains(r#"<a href="https://example.com" rel="noopener noreferrer">ok</a>"#));
    }

    #[test]
    fn sanitized_html_can_only_be_made_by_sanitising() {
        let html = SanitizedHtml::new(r#"<h3 onclick="x()">Idea</h3><script>alert(1)</script><p>ok</p>"#);
        assert_eq!(html.as_str(), "<h3>Idea</h3><p>ok</p>");
        assert_eq!(String::from(html), "<h3>Idea</h3><p>ok</p>");
    }

    #[test]
    fn the_first_section_ends_at_the_second_heading() {
        let body = "<p>Intro</p><h3>One</h3><p>a</p><h3>Two</h3><p>b</p><h2>Final summary</h2><p>c</p>";
        assert_eq!(first_section(body), "<p>Intro</p><h3>One</h3><p>a</p>");
        let no_intro = "<h3>One</h3><p>a</p><h3>Two</h3><p>b</p>";
        assert_eq!(first_section(no_intro), "<h3>One</h3><p>a</p>");
    }

    #[test]
    fn a_body_without_sections_shows_only_its_first_paragraph() {
        assert_eq!(first_section("<p>First</p><p>Second</p>"), "<p>First</p>");
        assert_eq!(first_section("<h3>Only</h3><p>Text</p><p>More</p>"), "<h3>Only</h3><p>Text</p>");
        assert_eq!(first_section(""), "");
        assert_eq!(first_section("plain words"), "");
    }

    #[test]
    fn sections_are_counted_like_the_reader_splits_them() {
        assert_eq!(book_section_count(1, "<h3>a</h3><p>x</p><h3>b</h3><h2>Final</h2><p>y</p>"), 3);
        assert_eq!(book_section_count(1, "<p>intro</p><h3>a</h3>"), 1, "leading text joins the first section");
        assert_eq!(book_section_count(1, "<h3>a</h3><h2>Part</h2><h3>b</h3>"), 2, "an h2 before the last h3 is content");
        assert_eq!(book_section_count(1, ""), 1);
        assert_eq!(book_section_count(1, "<p>only</p>"), 1);
    }

    fn section(title: &str, html: &str) -> Section {
        Section { title: title.into(), html: html.into() }
    }

    #[test]
    fn sections_start_at_h3_without_their_heading() {
        assert_eq!(
            sections("<h3>One</h3><p>a</p><p>b</p><h3>Two</h3><ul><li>c</li></ul>"),
            vec![section("One", "<p>a</p><p>b</p>"), section("Two", "<ul><li>c</li></ul>")]
        );
    }

    #[test]
    fn content_before_the_first_heading_joins_the_first_section() {
        let found = sections("<p>intro</p><h3>One</h3><p>a</p><h3>Two</h3><p>b</p>");
        assert_eq!(found, vec![section("One", "<p>intro</p><p>a</p>"), section("Two", "<p>b</p>")]);
    }

    #[test]
    fn a_trailing_h2_group_is_promoted_and_a_middle_h2_is_content() {
        assert_eq!(
            sections("<h3>One</h3><p>a</p><h3>Two</h3><p>b</p><h2>Final summary</h2><p>end</p><h2>About the author</h2><p>bio</p>"),
            vec![section("One", "<p>a</p>"), section("Two", "<p>b</p>"), section("Final summary", "<p>end</p>"), section("About the author", "<p>bio</p>")]
        );
        assert_eq!(
            sections("<h3>One</h3><p>a</p><h2>Part two</h2><h3>Two</h3><p>b</p>"),
            vec![section("One", "<p>a</p><h2>Part two</h2>"), section("Two", "<p>b</p>")]
        );
        assert_eq!(sections("<p>intro</p><h2>A</h2><p>a</p><h2>B</h2><p>b</p>"), vec![section("A", "<p>intro</p><p>a</p>"), section("B", "<p>b</p>")]);
    }

    #[test]
    fn bodies_without_headings_or_text() {
        assert_eq!(sections("<p>just text</p><p>more</p>"), vec![section("", "<p>just text</p><p>more</p>")]);
        assert_eq!(sections("plain words &amp; more"), vec![section("", "plain words &amp; more")]);
        assert_eq!(sections(""), vec![]);
        assert_eq!(sections("   \n "), vec![]);
        assert_eq!(sections("<!-- nothing -->"), vec![]);
    }

    #[test]
    fn heading_text_is_normalised_and_empty_sections_are_kept() {
        assert_eq!(
            sections("<h3>  Key idea\n 1: <em>Start</em> </h3><h3>Two</h3><p>b</p>"),
            vec![section("Key idea 1: Start", ""), section("Two", "<p>b</p>")]
        );
    }

    #[test]
    fn a_single_wrapper_is_looked_through_and_nested_headings_never_split() {
        let wrapped = sections(r#"<div class="summary"><h3>One</h3><p>a</p><h3>Two</h3><p>b</p></div>"#);
        assert_eq!(wrapped.iter().map(|s| s.title.as_str()).collect::<Vec<_>>(), ["One", "Two"]);
        let nested = sections("<h3>One</h3><blockquote><h3>quoted</h3></blockquote><p>a</p>");
        assert_eq!(nested, vec![section("One", "<blockquote><h3>quoted</h3></blockquote><p>a</p>")]);
    }

    #[test]
    fn the_first_section_a_visitor_sees_is_the_readers_first_section() {
        let body = "<h3>One</h3><p>a</p><h3>Two</h3><p>b</p>";
        assert_eq!(sections(&first_section(body)), vec![section("One", "<p>a</p>")]);
    }

    #[test]
    fn plain_text_drops_tags_and_decodes_entities() {
        assert_eq!(plain_text("<h3>Rock &amp; roll</h3><p>is <em>here</em></p>"), "Rock & roll is here");
    }
}
