//! Text put into HTML that the code writes itself (mails, reports, pages, stand-ins' pages).

/// `text` for an HTML text node or a double-quoted attribute value: `&`, `<`, `>` and `"` as
/// character references, everything else as it is.
pub fn escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            c => escaped.push(c),
        }
    }
    escaped
}

#[cfg(test)]
mod tests {
    use super::escape;

    #[test]
    fn markup_and_quotes_become_references_and_the_rest_stays() {
        assert_eq!(escape(r#"<a href="x">Tom & "Jerry"</a>"#), "&lt;a href=&quot;x&quot;&gt;Tom &amp; &quot;Jerry&quot;&lt;/a&gt;");
        assert_eq!(escape("Walden's café, 10 > 9"), "Walden's café, 10 &gt; 9");
        assert_eq!(escape("&amp;"), "&amp;amp;", "a reference in the text is text");
    }
}
