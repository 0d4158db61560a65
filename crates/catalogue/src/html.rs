//! Admin-entered HTML: what it may contain, and where a summary's first section ends.

use std::collections::HashSet;

/// Cleans admin-entered HTML (summary bodies, blog posts) with ammonia's allow-list: text
/// formatting, headings, lists, quotes, links and images; no scripts, styles, event handlers or
/// `javascript:` URLs. Applied before storing and again before serving.
pub fn sanitize(html: &str) -> String {
    let tags: HashSet<&str> = [
        "h2", "h3", "h4", "p", "br", "hr", "blockquote", "ul", "ol", "li", "em", "strong", "b", "i", "u", "a", "img",
        "figure", "figcaption", "code", "pre", "sup", "sub",
    ]
    .into_iter()
    .collect();
    ammonia::Builder::default()
        .tags(tags)
        .link_rel(Some("noopener noreferrer"))
        .url_schemes(["http", "https", "mailto"].into_iter().collect())
        .clean(html)
        .to_string()
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

/// The number of sections the reader shows: one per heading, plus a leading one when text comes
/// before the first heading. Positions saved by members are clamped to this.
pub fn section_count(html: &str) -> usize {
    let headings = heading_starts(html);
    let leading_text = headings.first().map_or(!html.trim().is_empty(), |&first| !html[..first].trim().is_empty());
    (headings.len() + usize::from(leading_text)).max(1)
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
    fn scripts_handlers_and_javascript_urls_are_removed() {
        let dirty = r#"<h3 onclick="x()">Idea</h3><script>alert(1)</script><p style="color:red">Hi <a href="javascript:alert(1)">x</a> <a href="https://example.com">ok</a></p><iframe src="https://evil"></iframe>"#;
        let clean = sanitize(dirty);
        assert!(!clean.contains("script") && !clean.contains("onclick") && !clean.contains("style"));
        assert!(!clean.contains("javascript:") && !clean.contains("iframe"));
        assert!(clean.contains("<h3>Idea</h3>"));
        assert!(clean.contains(r#"<a href="https://example.com" rel="noopener noreferrer">ok</a>"#));
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
        assert_eq!(section_count("<h3>a</h3><p>x</p><h3>b</h3><h2>Final</h2><p>y</p>"), 3);
        assert_eq!(section_count("<p>intro</p><h3>a</h3>"), 2);
        assert_eq!(section_count(""), 1);
        assert_eq!(section_count("<p>only</p>"), 1);
    }

    #[test]
    fn plain_text_drops_tags_and_decodes_entities() {
        assert_eq!(plain_text("<h3>Rock &amp; roll</h3><p>is <em>here</em></p>"), "Rock & roll is here");
    }
}
