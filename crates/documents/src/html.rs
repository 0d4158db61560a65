//! Sanitised summary HTML (the catalogue's tag set) read into a small block model for the PDF
//! layout. Unknown elements are looked through (their text is kept); `img` is skipped.

use ego_tree::NodeRef;
use scraper::{Html, Node};

/// How a run of text is set, as the HTML says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Style {
    pub bold: bool,
    pub italic: bool,
    pub mono: bool,
    pub script: Script,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) enum Script {
    #[default]
    Normal,
    Super,
    Sub,
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Inline {
    Text(String, Style),
    Break,
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Block {
    Paragraph(Vec<Inline>),
    Heading(u8, Vec<Inline>),
    Caption(Vec<Inline>),
    List { ordered: bool, start: u32, items: Vec<Vec<Block>> },
    Quote(Vec<Block>),
    Preformatted(String),
    Rule,
}

/// The blocks of one section's HTML, in reading order.
pub(crate) fn blocks(html: &str) -> Vec<Block> {
    let fragment = Html::parse_fragment(html);
    let mut builder = Builder::default();
    builder.children(*fragment.root_element(), Style::default());
    builder.finish()
}

/// Plain text (a description) as paragraphs: blank lines separate them.
pub(crate) fn plain_paragraphs(text: &str) -> Vec<Vec<Inline>> {
    text.replace("\r\n", "\n")
        .split("\n\n")
        .filter(|paragraph| !paragraph.trim().is_empty())
        .map(|paragraph| vec![Inline::Text(paragraph.to_owned(), Style::default())])
        .collect()
}

type Ref<'a> = NodeRef<'a, Node>;

#[derive(Default)]
struct Builder {
    blocks: Vec<Block>,
    inline: Vec<Inline>,
}

impl Builder {
    fn finish(mut self) -> Vec<Block> {
        self.flush();
        self.blocks
    }

    /// Ends the anonymous paragraph of loose inline content, if it holds any text.
    fn flush(&mut self) {
        let inline = std::mem::take(&mut self.inline);
        if has_text(&inline) {
            self.blocks.push(Block::Paragraph(inline));
        }
    }

    fn children(&mut self, node: Ref, style: Style) {
        for child in node.children() {
            self.node(child, style);
        }
    }

    fn node(&mut self, node: Ref, style: Style) {
        match node.value() {
            Node::Text(text) => self.inline.push(Inline::Text(text.to_string(), style)),
            Node::Element(element) => self.element(node, element.name(), element.attr("start"), style),
            _ => {}
        }
    }

    fn element(&mut self, node: Ref, name: &str, start: Option<&str>, style: Style) {
        match name {
            "p" | "h1" | "h2" | "h3" | "h4" | "h5" | "h6" | "figcaption" => {
                self.flush();
                for block in sub_blocks(node, style) {
                    self.blocks.push(match block {
                        Block::Paragraph(inline) => match name {
                            "p" => Block::Paragraph(inline),
                            "figcaption" => Block::Caption(inline),
                            "h1" | "h2" => Block::Heading(2, inline),
                            "h3" => Block::Heading(3, inline),
                            _ => Block::Heading(4, inline),
                        },
                        other => other,
                    });
                }
            }
            "ul" | "ol" => {
                self.flush();
                let mut items = Vec::new();
                for child in node.children() {
                    let is_item = matches!(child.value(), Node::Element(element) if element.name() == "li");
                    let blocks = if is_item {
                        sub_blocks(child, style)
                    } else {
                        let mut loose = Builder::default();
                        loose.node(child, style);
                        loose.finish()
                    };
                    if is_item || !blocks.is_empty() {
                        items.push(blocks);
                    }
                }
                let start = start.and_then(|start| start.trim().parse().ok()).unwrap_or(1);
                if !items.is_empty() {
                    self.blocks.push(Block::List { ordered: name == "ol", start, items });
                }
            }
            "blockquote" => {
                self.flush();
                let inner = sub_blocks(node, style);
                if !inner.is_empty() {
                    self.blocks.push(Block::Quote(inner));
                }
            }
            "pre" => {
                self.flush();
                let mut text = String::new();
                raw_text(node, &mut text);
                if !text.trim().is_empty() {
                    self.blocks.push(Block::Preformatted(text.trim_end().to_owned()));
                }
            }
            "hr" => {
                self.flush();
                self.blocks.push(Block::Rule);
            }
            "br" => self.inline.push(Inline::Break),
            "img" | "script" | "style" | "template" | "head" | "title" => {}
            "em" | "i" | "cite" | "var" => self.children(node, Style { italic: true, ..style }),
            "strong" | "b" => self.children(node, Style { bold: true, ..style }),
            "code" | "kbd" | "samp" | "tt" => self.children(node, Style { mono: true, ..style }),
            "sup" => self.children(node, Style { script: Script::Super, ..style }),
            "sub" => self.children(node, Style { script: Script::Sub, ..style }),
            "figure" | "div" | "section" | "article" | "main" | "aside" | "header" | "footer" | "li" | "html" | "body" | "table" | "tbody" | "thead" | "tr"
            | "dl" => {
                self.flush();
                self.children(node, style);
                self.flush();
            }
            // a, u, span and anything unexpected: the text, without the element.
            _ => self.children(node, style),
        }
    }
}

fn sub_blocks(node: Ref, style: Style) -> Vec<Block> {
    let mut builder = Builder::default();
    builder.children(node, style);
    builder.finish()
}

fn has_text(inline: &[Inline]) -> bool {
    inline.iter().any(|piece| matches!(piece, Inline::Text(text, _) if !text.trim().is_empty()))
}

/// The text of a `pre`, line breaks kept (`br` counts as one).
fn raw_text(node: Ref, out: &mut String) {
    for child in node.children() {
        match child.value() {
            Node::Text(text) => out.push_str(text),
            Node::Element(element) if element.name() == "br" => out.push('\n'),
            Node::Element(element) if element.name() == "img" => {}
            Node::Element(_) => raw_text(child, out),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(blocks: &[Block]) -> String {
        format!("{blocks:?}")
    }

    #[test]
    fn paragraphs_headings_lists_and_quotes_become_blocks() {
        let blocks = blocks(
            "<p>One <em>two</em> <strong>three</strong></p><h4>Sub</h4><ul><li>a</li><li><p>b</p></li></ul>\
             <ol start=\"3\"><li>c</li></ol><blockquote><p>q</p></blockquote><hr><pre>x  y\nz</pre>\
             <figure><img src=\"x.png\"><figcaption>cap</figcaption></figure>loose &amp; text",
        );
        assert!(matches!(&blocks[0], Block::Paragraph(inline) if inline.len() == 4));
        assert!(matches!(&blocks[1], Block::Heading(4, _)));
        assert!(matches!(&blocks[2], Block::List { ordered: false, start: 1, items } if items.len() == 2));
        assert!(matches!(&blocks[3], Block::List { ordered: true, start: 3, .. }));
        assert!(matches!(&blocks[4], Block::Quote(inner) if inner.len() == 1));
        assert_eq!(blocks[5], Block::Rule);
        assert_eq!(blocks[6], Block::Preformatted("x  y\nz".into()));
        assert!(matches!(&blocks[7], Block::Caption(_)));
        assert!(text(&blocks[8..]).contains("loose & text"));
        assert!(!text(&blocks).contains("x.png"));
    }

    #[test]
    fn styles_nest() {
        let blocks = blocks("<p><strong>bold <em>both</em></strong> x<sup>2</sup></p>");
        let Block::Paragraph(inline) = &blocks[0] else { panic!("{blocks:?}") };
        assert_eq!(inline[1], Inline::Text("both".into(), Style { bold: true, italic: true, ..Style::default() }));
        assert_eq!(inline[3], Inline::Text("2".into(), Style { script: Script::Super, ..Style::default() }));
    }
}
