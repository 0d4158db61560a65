//! The PDF's page layout: blocks set into lines (greedy line breaking, justified body text),
//! lines onto A5 pages, then page numbers. Produces positioned glyphs; `pdf.rs` writes them.

use crate::fonts::{Fonts, MONO, REGULAR};
use crate::html::{Block, Inline, Script, Style};

/// A5, in points.
pub(crate) const PAGE_WIDTH: f32 = 419.53;
pub(crate) const PAGE_HEIGHT: f32 = 595.28;
const MARGIN_X: f32 = 50.0;
const MARGIN_TOP: f32 = 54.0;
const MARGIN_BOTTOM: f32 = 62.0;
/// Baseline of the page number (and the title page's colophon), from the bottom edge.
const FOOTER_BASELINE: f32 = 34.0;

const BODY_SIZE: f32 = 10.0;
const LEADING: f32 = 1.45;
const LIST_INDENT: f32 = 18.0;
const QUOTE_INDENT: f32 = 16.0;
/// A justified line never stretches a space by more than this many ems (it is left-aligned
/// instead: a line with one long word after it).
const MAX_STRETCH: f32 = 0.9;

#[derive(Debug, Default)]
pub(crate) struct Page {
    pub items: Vec<Item>,
}

#[derive(Debug)]
pub(crate) enum Item {
    Text(TextRun),
    /// A filled rectangle (rules, quote bars); PDF coordinates, bottom-left corner.
    Rect {
        x: f32,
        y: f32,
        width: f32,
        height: f32,
        gray: f32,
    },
    /// The cover image.
    Image {
        x: f32,
        y: f32,
        width: f32,
        height: f32,
    },
}

/// Glyphs of one font and size on one baseline; PDF coordinates.
#[derive(Debug)]
pub(crate) struct TextRun {
    pub font: usize,
    pub size: f32,
    pub x: f32,
    pub y: f32,
    pub gray: f32,
    pub glyphs: Vec<Placed>,
}

#[derive(Debug, Clone, Copy)]
pub(crate) struct Placed {
    pub gid: u16,
    /// The character the glyph stands for (for the PDF's ToUnicode map).
    pub ch: char,
    /// Extra space after this glyph, in points (justification).
    pub extra: f32,
}

/// The laid-out document: pages and the outline (section titles with their first page).
pub(crate) struct Document {
    pub pages: Vec<Page>,
    pub outline: Vec<(String, usize)>,
}

/// What the title page shows.
pub(crate) struct TitlePage<'a> {
    pub title: &'a str,
    pub author: &'a str,
    pub description: &'a str,
    pub site: &'a str,
    /// The cover's pixel size, when there is one.
    pub cover: Option<(u32, u32)>,
}

pub(crate) fn lay_out(fonts: &Fonts, title: &TitlePage, sections: &[(String, Vec<Block>)]) -> Document {
    let mut flow = Flow::new(fonts);
    flow.title_page(title);
    for (index, (heading, blocks)) in sections.iter().enumerate() {
        flow.new_page();
        let label = match heading.trim() {
            "" if sections.len() == 1 && !title.title.trim().is_empty() => title.title.trim().to_owned(),
            "" => format!("Part {}", index + 1),
            heading => heading.to_owned(),
        };
        flow.outline.push((label, flow.pages.len() - 1));
        if !heading.trim().is_empty() {
            let inline = [Inline::Text(heading.clone(), Style::default())];
            let set = Set { size: 16.0, bold: true, gray: 0.0, ..Set::body() };
            for line in flow.break_lines(&inline, set) {
                flow.place(&line, set, Align::Left);
            }
            flow.space(14.0);
        }
        for block in blocks {
            flow.block(block);
        }
    }
    flow.page_numbers();
    Document { pages: flow.pages, outline: flow.outline }
}

/// How a block's text is set.
#[derive(Debug, Clone, Copy)]
struct Set {
    size: f32,
    bold: bool,
    italic: bool,
    gray: f32,
    leading: f32,
}

impl Set {
    fn body() -> Set {
        Set { size: BODY_SIZE, bold: false, italic: false, gray: 0.0, leading: LEADING }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Align {
    Left,
    Center,
    Justify,
}

/// One glyph as measured, before placement.
#[derive(Debug, Clone, Copy)]
struct Glyph {
    font: usize,
    gid: u16,
    ch: char,
    size: f32,
    rise: f32,
    width: f32,
}

/// A word (or a piece of one, up to a dash) and the space that follows it, if any.
#[derive(Debug)]
struct Word {
    glyphs: Vec<Glyph>,
    space: Option<Glyph>,
}

enum Token {
    Word(Word),
    Break,
}

#[derive(Debug, Default)]
struct Line {
    glyphs: Vec<Glyph>,
    /// Indices of the spaces that justification stretches.
    spaces: Vec<usize>,
    width: f32,
    /// The paragraph's last line, or one ended by `<br>`: never justified.
    last: bool,
}

impl Line {
    fn push(&mut self, glyph: Glyph) {
        self.width += glyph.width;
        self.glyphs.push(glyph);
    }
}

struct Flow<'f> {
    fonts: &'f Fonts,
    pages: Vec<Page>,
    /// Distance of the cursor from the top of the current page.
    y: f32,
    left: f32,
    right: f32,
    paragraph_gap: f32,
    /// A list item's marker, drawn beside the next line placed.
    marker: Option<String>,
    list_depth: usize,
    /// The x of each open blockquote's bar.
    bars: Vec<f32>,
    outline: Vec<(String, usize)>,
}

impl<'f> Flow<'f> {
    fn new(fonts: &'f Fonts) -> Flow<'f> {
        Flow {
            fonts,
            pages: Vec::new(),
            y: MARGIN_TOP,
            left: MARGIN_X,
            right: PAGE_WIDTH - MARGIN_X,
            paragraph_gap: BODY_SIZE * 0.6,
            marker: None,
            list_depth: 0,
            bars: Vec::new(),
            outline: Vec::new(),
        }
    }

    fn new_page(&mut self) {
        self.pages.push(Page::default());
        self.y = MARGIN_TOP;
    }

    fn at_top(&self) -> bool {
        self.y <= MARGIN_TOP
    }

    fn width(&self) -> f32 {
        self.right - self.left
    }

    /// Starts a new page unless `height` still fits on this one (or this one is empty).
    fn ensure(&mut self, height: f32) {
        if self.y + height > PAGE_HEIGHT - MARGIN_BOTTOM && !self.at_top() {
            self.new_page();
        }
    }

    /// Vertical space, dropped at the top of a page.
    fn space(&mut self, gap: f32) {
        if !self.at_top() {
            self.y += gap;
        }
    }

    fn current(&mut self) -> &mut Page {
        if self.pages.is_empty() {
            self.pages.push(Page::default());
        }
        let last = self.pages.len() - 1;
        &mut self.pages[last]
    }

    fn title_page(&mut self, title: &TitlePage) {
        self.new_page();
        let content_height = PAGE_HEIGHT - MARGIN_TOP - MARGIN_BOTTOM;
        match title.cover {
            Some((pixels_wide, pixels_high)) => {
                let (max_width, max_height) = (self.width() * 0.8, content_height * 0.5);
                let scale = (max_width / pixels_wide as f32).min(max_height / pixels_high as f32);
                let (width, height) = (pixels_wide as f32 * scale, pixels_high as f32 * scale);
                let x = (PAGE_WIDTH - width) / 2.0;
                let y = PAGE_HEIGHT - self.y - height;
                self.current().items.push(Item::Image { x, y, width, height });
                self.y += height + 22.0;
            }
            None => self.y += content_height * 0.22,
        }
        let heading = Set { size: 20.0, bold: true, leading: 1.25, ..Set::body() };
        self.paragraph(&[Inline::Text(title.title.to_owned(), Style::default())], heading, Align::Center);
        self.y += 4.0;
        let byline = Set { size: 12.5, italic: true, gray: 0.2, ..Set::body() };
        self.paragraph(&[Inline::Text(title.author.to_owned(), Style::default())], byline, Align::Center);
        self.space(12.0);
        for paragraph in crate::html::plain_paragraphs(title.description) {
            self.paragraph(&paragraph, Set { gray: 0.15, ..Set::body() }, Align::Justify);
        }
        // The colophon sits in the bottom margin of the title page, where later pages have their number.
        let site = Set { size: 8.5, gray: 0.4, ..Set::body() };
        let mut lines = self.break_lines(&[Inline::Text(title.site.to_owned(), Style::default())], site);
        if let Some(line) = lines.first_mut() {
            let run_x = (PAGE_WIDTH - line.width) / 2.0;
            let items = self.runs(line, run_x, FOOTER_BASELINE, site, Align::Left);
            self.pages[0].items.extend(items);
        }
    }

    fn page_numbers(&mut self) {
        let set = Set { size: 8.5, gray: 0.35, ..Set::body() };
        for index in 1..self.pages.len() {
            let number = (index + 1).to_string();
            if let Some(line) = self.break_lines(&[Inline::Text(number, Style::default())], set).first() {
                let x = (PAGE_WIDTH - line.width) / 2.0;
                let items = self.runs(line, x, FOOTER_BASELINE, set, Align::Left);
                self.pages[index].items.extend(items);
            }
        }
    }

    fn block(&mut self, block: &Block) {
        match block {
            Block::Paragraph(inline) => {
                self.paragraph(inline, Set::body(), Align::Justify);
            }
            Block::Heading(level, inline) => {
                let size = match level {
                    2 => 14.0,
                    3 => 12.5,
                    _ => 11.0,
                };
                let set = Set { size, bold: true, leading: 1.3, ..Set::body() };
                self.space(size * 0.7);
                let lines = self.break_lines(inline, set);
                // Keep a heading with the first two lines of what follows it.
                let height: f32 = lines.iter().map(|line| line_height(line, set)).sum();
                self.ensure(height + 2.0 * BODY_SIZE * LEADING);
                for line in &lines {
                    self.place(line, set, Align::Left);
                }
                self.space(size * 0.35);
            }
            Block::Caption(inline) => {
                let set = Set { size: 8.5, italic: true, gray: 0.3, ..Set::body() };
                self.paragraph(inline, set, Align::Center);
            }
            Block::List { ordered, start, items } => {
                let depth = self.list_depth;
                self.list_depth += 1;
                let saved = self.paragraph_gap;
                self.paragraph_gap = BODY_SIZE * 0.3;
                self.left += LIST_INDENT;
                for (index, item) in items.iter().enumerate() {
                    self.marker = Some(if *ordered {
                        format!("{}.", u64::from(*start) + index as u64)
                    } else {
                        ["\u{2022}", "\u{2013}", "\u{25E6}"][depth % 3].to_owned()
                    });
                    for block in item {
                        self.block(block);
                    }
                    self.marker = None;
                }
                self.left -= LIST_INDENT;
                self.list_depth -= 1;
                self.paragraph_gap = saved;
                self.space(BODY_SIZE * 0.4);
            }
            Block::Quote(blocks) => {
                self.space(BODY_SIZE * 0.2);
                self.bars.push(self.left + 2.0);
                self.left += QUOTE_INDENT;
                self.right -= QUOTE_INDENT / 2.0;
                for block in blocks {
                    self.block(block);
                }
                self.right += QUOTE_INDENT / 2.0;
                self.left -= QUOTE_INDENT;
                self.bars.pop();
                self.space(BODY_SIZE * 0.2);
            }
            Block::Preformatted(text) => {
                let set = Set { size: 8.5, leading: 1.3, ..Set::body() };
                for line in self.preformatted(text, set) {
                    self.place(&line, set, Align::Left);
                }
                self.space(self.paragraph_gap);
            }
            Block::Rule => {
                self.space(BODY_SIZE * 0.5);
                self.ensure(BODY_SIZE);
                let width = self.width() / 3.0;
                let x = self.left + width;
                let y = PAGE_HEIGHT - self.y - BODY_SIZE / 2.0;
                self.current().items.push(Item::Rect { x, y, width, height: 0.6, gray: 0.55 });
                self.y += BODY_SIZE;
                self.space(BODY_SIZE * 0.5);
            }
        }
    }

    fn paragraph(&mut self, inline: &[Inline], set: Set, align: Align) {
        for line in self.break_lines(inline, set) {
            self.place(&line, set, align);
        }
        self.space(self.paragraph_gap);
    }

    /// Places one line at the cursor, on a new page if it does not fit.
    fn place(&mut self, line: &Line, set: Set, align: Align) {
        let height = line_height(line, set);
        self.ensure(height);
        let baseline = PAGE_HEIGHT - (self.y + (height - set.size) / 2.0 + set.size * 0.8);
        // The marker first, so that text extraction reads "1. Item" rather than "Item 1.".
        let mut items = Vec::new();
        if let Some(marker) = self.marker.take() {
            let marker_set = Set { bold: false, italic: false, gray: 0.0, ..set };
            let marker_line = self.break_lines(&[Inline::Text(marker, Style::default())], marker_set);
            if let Some(marker_line) = marker_line.first() {
                let x = self.left - 5.0 - marker_line.width;
                items.extend(self.runs(marker_line, x, baseline, marker_set, Align::Left));
            }
        }
        items.extend(self.runs(line, self.left, baseline, set, align));
        for &bar in &self.bars {
            let y = PAGE_HEIGHT - self.y - height;
            items.push(Item::Rect { x: bar, y, width: 1.6, height, gray: 0.7 });
        }
        self.current().items.extend(items);
        self.y += height;
    }

    /// The line's glyphs as text runs (one per font, size and baseline shift) from `x`.
    fn runs(&self, line: &Line, x: f32, baseline: f32, set: Set, align: Align) -> Vec<Item> {
        let available = self.width();
        let mut stretch = 0.0;
        let mut x = x;
        match align {
            Align::Justify if !line.last && !line.spaces.is_empty() => {
                let extra = (available - line.width) / line.spaces.len() as f32;
                if extra > 0.0 && extra <= MAX_STRETCH * set.size {
                    stretch = extra;
                }
            }
            Align::Center => x += ((available - line.width) / 2.0).max(0.0),
            _ => {}
        }
        let mut runs: Vec<TextRun> = Vec::new();
        let mut next_space = line.spaces.iter().peekable();
        for (index, glyph) in line.glyphs.iter().enumerate() {
            let extra = if next_space.peek() == Some(&&index) {
                next_space.next();
                stretch
            } else {
                0.0
            };
            let y = baseline + glyph.rise;
            let same = runs.last().is_some_and(|run| run.font == glyph.font && run.size == glyph.size && run.y == y);
            if !same {
                runs.push(TextRun { font: glyph.font, size: glyph.size, x, y, gray: set.gray, glyphs: Vec::new() });
            }
            if let Some(run) = runs.last_mut() {
                run.glyphs.push(Placed { gid: glyph.gid, ch: glyph.ch, extra });
            }
            x += glyph.width + extra;
        }
        runs.into_iter().map(Item::Text).collect()
    }

    /// Measures a run of text into glyphs (whitespace collapsed, invisible characters dropped).
    fn tokens(&self, inline: &[Inline], set: Set) -> Vec<Token> {
        let mut tokens = Vec::new();
        let mut word: Vec<Glyph> = Vec::new();
        let mut pending_space: Option<Glyph> = None;
        let flush = |word: &mut Vec<Glyph>, space: Option<Glyph>, tokens: &mut Vec<Token>| {
            if !word.is_empty() {
                tokens.push(Token::Word(Word { glyphs: std::mem::take(word), space }));
            }
        };
        for piece in inline {
            let (text, style) = match piece {
                Inline::Text(text, style) => (text, *style),
                Inline::Break => {
                    flush(&mut word, None, &mut tokens);
                    pending_space = None;
                    tokens.push(Token::Break);
                    continue;
                }
            };
            for c in text.chars() {
                if is_collapsible_space(c) {
                    if pending_space.is_none() {
                        pending_space = self.glyph(' ', style, set);
                    }
                    continue;
                }
                let Some(glyph) = self.glyph(c, style, set) else { continue };
                if let Some(space) = pending_space.take() {
                    if !word.is_empty() {
                        flush(&mut word, Some(space), &mut tokens);
                    } else if let Some(Token::Word(last)) = tokens.last_mut() {
                        last.space = Some(space);
                    }
                }
                word.push(glyph);
                // A line may break after a dash or slash inside a word.
                if matches!(c, '-' | '\u{2013}' | '\u{2014}' | '/') && word.len() > 1 {
                    flush(&mut word, None, &mut tokens);
                }
            }
        }
        flush(&mut word, None, &mut tokens);
        if let Some(space) = pending_space {
            if let Some(Token::Word(last)) = tokens.last_mut() {
                last.space.get_or_insert(space);
            }
        }
        tokens
    }

    fn glyph(&self, c: char, style: Style, set: Set) -> Option<Glyph> {
        let c = if c == '\t' { ' ' } else { c };
        if is_invisible(c) {
            return None;
        }
        let font = Fonts::pick(set.bold || style.bold, set.italic != style.italic, style.mono);
        // A character none of the fonts has shows as the replacement character (and extracts as one).
        let (font, gid, c) = match self.fonts.glyph(font, c) {
            Some((font, gid)) => (font, gid, c),
            None => self.fonts.glyph(REGULAR, '\u{FFFD}').map(|(font, gid)| (font, gid, '\u{FFFD}'))?,
        };
        let mut size = if style.mono && font == MONO { set.size * 0.9 } else { set.size };
        let rise = match style.script {
            Script::Normal => 0.0,
            Script::Super => set.size * 0.33,
            Script::Sub => -set.size * 0.15,
        };
        if style.script != Script::Normal {
            size *= 0.7;
        }
        let width = self.fonts.fonts[font].advance(gid) * size;
        Some(Glyph { font, gid, ch: c, size, rise, width })
    }

    /// Greedy line breaking to the current width.
    fn break_lines(&self, inline: &[Inline], set: Set) -> Vec<Line> {
        let available = self.width();
        let mut lines = Vec::new();
        let mut line = Line::default();
        let mut space_before: Option<Glyph> = None;
        for token in self.tokens(inline, set) {
            let word = match token {
                Token::Word(word) => word,
                Token::Break => {
                    line.last = true;
                    lines.push(std::mem::take(&mut line));
                    space_before = None;
                    continue;
                }
            };
            let word_width: f32 = word.glyphs.iter().map(|glyph| glyph.width).sum();
            let space_width = space_before.map_or(0.0, |space| space.width);
            if !line.glyphs.is_empty() && line.width + space_width + word_width > available + 0.01 {
                lines.push(std::mem::take(&mut line));
            } else if let (false, Some(space)) = (line.glyphs.is_empty(), space_before) {
                line.spaces.push(line.glyphs.len());
                line.push(space);
            }
            for glyph in word.glyphs {
                // A word longer than the line is cut where it overflows.
                if !line.glyphs.is_empty() && line.width + glyph.width > available + 0.01 && word_width > available {
                    lines.push(std::mem::take(&mut line));
                }
                line.push(glyph);
            }
            space_before = word.space;
        }
        if !line.glyphs.is_empty() {
            line.last = true;
            lines.push(line);
        } else if let Some(last) = lines.last_mut() {
            last.last = true;
        }
        lines
    }

    /// `pre` text: spaces kept, each source line wrapped by characters.
    fn preformatted(&self, text: &str, set: Set) -> Vec<Line> {
        let style = Style { mono: true, ..Style::default() };
        let available = self.width();
        let mut lines = Vec::new();
        for source in text.split('\n') {
            let mut line = Line { last: true, ..Line::default() };
            for c in source.chars() {
                let repeat = if c == '\t' { 4 } else { 1 };
                let c = if c == '\t' { ' ' } else { c };
                let Some(glyph) = self.glyph(c, style, set) else { continue };
                for _ in 0..repeat {
                    if line.width + glyph.width > available && !line.glyphs.is_empty() {
                        lines.push(std::mem::replace(&mut line, Line { last: true, ..Line::default() }));
                    }
                    line.push(glyph);
                }
            }
            lines.push(line);
        }
        lines
    }
}

fn line_height(line: &Line, set: Set) -> f32 {
    let size = line.glyphs.iter().map(|glyph| glyph.size).fold(set.size, f32::max);
    size * set.leading
}

/// Whitespace that HTML collapses (not the no-break spaces).
fn is_collapsible_space(c: char) -> bool {
    c.is_whitespace() && !matches!(c, '\u{a0}' | '\u{202F}' | '\u{2007}' | '\u{2060}')
}

/// Characters that draw nothing and would only show as a missing-glyph box.
fn is_invisible(c: char) -> bool {
    c.is_control() || matches!(c, '\u{AD}' | '\u{200B}'..='\u{200F}' | '\u{2028}'..='\u{202E}' | '\u{2060}'..='\u{206F}' | '\u{FE00}'..='\u{FE0F}' | '\u{FEFF}')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flow() -> Flow<'static> {
        Flow::new(Fonts::get().unwrap())
    }

    fn text(line: &Line) -> String {
        line.glyphs.iter().map(|glyph| glyph.ch).collect()
    }

    #[test]
    fn lines_fill_the_width_and_keep_every_word() {
        let flow = flow();
        let words = "lorem ipsum dolor sit amet consectetur adipiscing elit ".repeat(10);
        let lines = flow.break_lines(&[Inline::Text(words.clone(), Style::default())], Set::body());
        assert!(lines.len() > 3);
        for line in &lines {
            assert!(line.width <= flow.width() + 0.01, "{}", text(line));
        }
        assert!(lines.iter().take(lines.len() - 1).all(|line| !line.last));
        assert!(lines.last().unwrap().last);
        let joined: Vec<String> = lines.iter().map(text).collect();
        assert_eq!(joined.join(" "), words.trim_end());
    }

    #[test]
    fn whitespace_collapses_and_breaks_are_kept() {
        let flow = flow();
        let inline = [
            Inline::Text("  one \n  two ".into(), Style::default()),
            Inline::Text("three".into(), Style { bold: true, ..Style::default() }),
            Inline::Break,
            Inline::Text("four".into(), Style::default()),
        ];
        let lines = flow.break_lines(&inline, Set::body());
        assert_eq!(lines.iter().map(text).collect::<Vec<_>>(), ["one two three", "four"]);
        assert!(lines[0].last);
    }

    #[test]
    fn a_character_no_font_has_becomes_the_replacement_character() {
        let flow = flow();
        let lines = flow.break_lines(&[Inline::Text("a\u{1F600}b\u{4E2D}".into(), Style::default())], Set::body());
        assert_eq!(text(&lines[0]), "a\u{FFFD}b\u{FFFD}");
    }

    #[test]
    fn an_overlong_word_is_cut_not_lost() {
        let flow = flow();
        let long = "x".repeat(200);
        let lines = flow.break_lines(&[Inline::Text(long.clone(), Style::default())], Set::body());
        assert!(lines.len() > 1);
        assert_eq!(lines.iter().map(text).collect::<String>(), long);
    }
}
