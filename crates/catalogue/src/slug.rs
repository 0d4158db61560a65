//! URL slugs (`subid`s) made from titles and names.

/// Lower-case ASCII letters and digits joined by single hyphens: "The Art of War!" → "the-art-of-war".
/// Letters with accents lose them where that is a plain ASCII letter plus a mark ("é" → "e");
/// other characters separate words.
pub fn slugify(text: &str) -> String {
    let mut slug = String::with_capacity(text.len());
    for c in text.chars().flat_map(fold_accent) {
        if c.is_ascii_alphanumeric() {
            slug.push(c.to_ascii_lowercase());
        } else if !slug.is_empty() && !slug.ends_with('-') {
            slug.push('-');
        }
    }
    while slug.ends_with('-') {
        slug.pop();
    }
    slug
}

fn fold_accent(c: char) -> Option<char> {
    Some(match c {
        'à' | 'á' | 'â' | 'ä' | 'ã' | 'å' => 'a',
        'è' | 'é' | 'ê' | 'ë' => 'e',
        'ì' | 'í' | 'î' | 'ï' => 'i',
        'ò' | 'ó' | 'ô' | 'ö' | 'õ' => 'o',
        'ù' | 'ú' | 'û' | 'ü' => 'u',
        'ç' => 'c',
        'ñ' => 'n',
        '\'' | '’' => return None,
        other => other,
    })
}

/// Whether `text` is already a well-formed slug (used to validate admin input and lookups).
pub fn is_slug(text: &str) -> bool {
    !text.is_empty() && text.len() <= 200 && slugify(text) == text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles_become_slugs() {
        assert_eq!(slugify("The Art of War!"), "the-art-of-war");
        assert_eq!(slugify("  Sénèque's   Letters "), "seneques-letters");
        assert_eq!(slugify("How to Live on 24 Hours a Day"), "how-to-live-on-24-hours-a-day");
        assert_eq!(slugify("---"), "");
    }

    #[test]
    fn slugs_are_recognised() {
        assert!(is_slug("meditations") && is_slug("on-liberty-2"));
        assert!(!is_slug("On Liberty") && !is_slug("") && !is_slug("a--b") && !is_slug("-a"));
    }
}
