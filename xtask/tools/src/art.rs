//! Generated artwork for the demo catalogue: covers, category tiles, author portraits, visual
//! slides and infographics as small SVG files (no image tools needed).

/// Colour pairs (background, accent) picked by a stable hash of the name.
const PALETTE: &[(&str, &str)] = &[
    ("#1f3a5f", "#f2c14e"),
    ("#2e4a3f", "#e9d8a6"),
    ("#5b2333", "#f7f4f3"),
    ("#283d3b", "#edddd4"),
    ("#3d2c8d", "#f9c74f"),
    ("#7a4419", "#fefae0"),
    ("#0b525b", "#ffd6a5"),
    ("#432818", "#ffe6a7"),
    ("#14213d", "#fca311"),
    ("#4a4e69", "#f2e9e4"),
    ("#1b4332", "#b7e4c7"),
    ("#6d2e46", "#ecd5bb"),
];

fn colours(name: &str) -> (&'static str, &'static str) {
    let hash = name.bytes().fold(5381u32, |h, b| h.wrapping_mul(33) ^ u32::from(b));
    PALETTE[hash as usize % PALETTE.len()]
}

pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// Splits text into lines of at most `width` characters at spaces.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match lines.last_mut() {
            Some(line) if line.len() + 1 + word.len() <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_owned()),
        }
    }
    lines
}

/// `at` is (x, first line's y, line step).
fn text_lines(lines: &[String], at: (u32, u32, u32), size: u32, fill: &str, weight: &str, anchor: &str) -> String {
    let (x, first_y, step) = at;
    lines
        .iter()
        .enumerate()
        .map(|(i, line)| {
            format!(
                r#"<text x="{x}" y="{}" font-family="Georgia, 'Times New Roman', serif" font-size="{size}" font-weight="{weight}" fill="{fill}" text-anchor="{anchor}">{}</text>"#,
                first_y + i as u32 * step,
                escape(line)
            )
        })
        .collect()
}

/// A 400 x 600 book cover with the title, the author and a simple emblem.
pub fn cover(title: &str, author: &str) -> String {
    let (background, accent) = colours(title);
    let title_lines = wrap(title, 16);
    let title_svg = text_lines(&title_lines, (200, 250, 46), 40, "#ffffff", "700", "middle");
    format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="400" height="600" viewBox="0 0 400 600" role="img" aria-label="{label}"><rect width="400" height="600" fill="{background}"/><rect x="24" y="24" width="352" height="552" fill="none" stroke="{accent}" stroke-width="3"/><circle cx="200" cy="140" r="46" fill="none" stroke="{accent}" stroke-width="6"/><circle cx="200" cy="140" r="14" fill="{accent}"/>{title_svg}<line x1="120" y1="{line_y}" x2="280" y2="{line_y}" stroke="{accent}" stroke-width="3"/>{author_svg}<text x="200" y="548" font-family="Helvetica, Arial, sans-serif" font-size="16" letter-spacing="4" fill="{accent}" text-anchor="middle">GISTBOOK</text></svg>"#,
        label = escape(&format!("{title} by {author}")),
        line_y = 250 + title_lines.len() as u32 * 46,
        author_svg = text_lines(&wrap(author, 22), (200, 300 + title_lines.len() as u32 * 46, 30), 24, accent, "400", "middle"),
    )
}

/// A 240 x 160 category tile.
pub fn tile(name: &str) -> String {
    let (background, accent) = colours(name);
    format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="240" height="160" viewBox="0 0 240 160" role="img" aria-label="{label}"><rect width="240" height="160" rx="16" fill="{background}"/><circle cx="200" cy="40" r="60" fill="{accent}" opacity="0.35"/><circle cx="40" cy="140" r="40" fill="{accent}" opacity="0.25"/>{text}</svg>"#,
        label = escape(name),
        text = text_lines(&wrap(name, 16), (20, 100, 28), 24, "#ffffff", "700", "start"),
    )
}

/// A 160 x 160 category icon: the category's initials, large enough to read where the icon is shown
/// small (the catalogue's category pills draw it at about 28 px).
pub fn category_icon(name: &str) -> String {
    let (background, accent) = colours(name);
    let initials: String = name.split_whitespace().filter_map(|w| w.chars().next()).filter(|c| c.is_alphabetic()).take(2).collect();
    format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160" role="img" aria-label="{label}"><rect width="160" height="160" rx="24" fill="{background}"/><circle cx="130" cy="30" r="50" fill="{accent}" opacity="0.3"/><text x="80" y="104" font-family="Helvetica, Arial, sans-serif" font-size="72" font-weight="700" fill="#ffffff" text-anchor="middle">{initials}</text></svg>"##,
        label = escape(name),
        initials = escape(&initials),
    )
}

/// A 200 x 200 portrait: the person's initials in a ring.
pub fn portrait(name: &str) -> String {
    let (background, accent) = colours(name);
    let initials: String = name.split_whitespace().filter_map(|w| w.chars().next()).filter(|c| c.is_uppercase()).take(2).collect();
    format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200" role="img" aria-label="{label}"><rect width="200" height="200" fill="{background}"/><circle cx="100" cy="100" r="80" fill="none" stroke="{accent}" stroke-width="4"/><text x="100" y="122" font-family="Georgia, serif" font-size="64" fill="{accent}" text-anchor="middle">{initials}</text></svg>"#,
        label = escape(name),
        initials = escape(&initials),
    )
}

/// An 800 x 500 illustration for a visual slide: the idea's number and title.
pub fn slide(book_title: &str, number: usize, title: &str) -> String {
    let (background, accent) = colours(&format!("{book_title}{number}"));
    format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500" viewBox="0 0 800 500" role="img" aria-label="{label}"><rect width="800" height="500" fill="{background}"/><circle cx="650" cy="120" r="180" fill="{accent}" opacity="0.18"/><circle cx="120" cy="420" r="120" fill="{accent}" opacity="0.12"/><text x="60" y="150" font-family="Georgia, serif" font-size="120" font-weight="700" fill="{accent}">{number}</text>{text}</svg>"#,
        label = escape(title),
        text = text_lines(&wrap(title, 28), (60, 270, 52), 44, "#ffffff", "700", "start"),
    )
}

/// A 600 x 900 infographic poster listing the book's key ideas.
pub fn infographic(book_title: &str, ideas: &[String]) -> String {
    let (background, accent) = colours(book_title);
    let mut body = String::new();
    let mut y = 220;
    for (i, idea) in ideas.iter().enumerate() {
        body.push_str(&format!(r#"<circle cx="70" cy="{}" r="22" fill="{accent}"/><text x="70" y="{}" font-family="Helvetica, Arial, sans-serif" font-size="22" font-weight="700" fill="{background}" text-anchor="middle">{}</text>"#, y - 8, y, i + 1));
        let lines = wrap(idea, 34);
        body.push_str(&text_lines(&lines, (110, y, 30), 24, "#ffffff", "400", "start"));
        y += 30 * lines.len() as u32 + 50;
    }
    format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="600" height="900" viewBox="0 0 600 900" role="img" aria-label="{label}"><rect width="600" height="900" fill="{background}"/>{title}{body}<text x="300" y="870" font-family="Helvetica, Arial, sans-serif" font-size="16" letter-spacing="4" fill="{accent}" text-anchor="middle">GISTBOOK</text></svg>"#,
        label = escape(&format!("{book_title}: key ideas")),
        title = text_lines(&wrap(book_title, 24), (300, 100, 48), 42, accent, "700", "middle"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_category_icon_shows_large_initials_instead_of_a_name_too_small_to_read() {
        let icon = category_icon("Money & Wealth");
        assert!(icon.contains(r#"font-size="72""#) && icon.contains(">MW</text>"), "{icon}");
        assert!(icon.contains(r#"aria-label="Money &amp; Wealth""#), "{icon}");
        assert!(category_icon("Self-Improvement").contains(">S</text>"));
    }
}
