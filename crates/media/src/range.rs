//! The HTTP `Range` header (RFC 9110 §14) for one byte range, which is what players send.

use std::ops::Range;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RangeAnswer {
    /// No (usable) range: send the whole file with 200.
    Whole,
    /// Send these bytes with 206 and `Content-Range: bytes start-(end-1)/size`.
    Partial(Range<u64>),
    /// 416 with `Content-Range: bytes */size`.
    Unsatisfiable,
}

/// What to answer to `header` for a file of `size` bytes. Several ranges at once are answered
/// with the whole file (allowed by the RFC, and no player needs multipart answers); a header
/// that is not a byte range at all is ignored likewise.
pub fn answer(header: Option<&str>, size: u64) -> RangeAnswer {
    let Some(header) = header else { return RangeAnswer::Whole };
    let Some(spec) = header.trim().strip_prefix("bytes=") else { return RangeAnswer::Whole };
    if spec.contains(',') {
        return RangeAnswer::Whole;
    }
    let Some((first, last)) = spec.trim().split_once('-') else { return RangeAnswer::Unsatisfiable };
    let (first, last) = (first.trim(), last.trim());
    let parse = |text: &str| text.parse::<u64>().ok();
    match (first.is_empty(), last.is_empty()) {
        // "bytes=-N": the last N bytes.
        (true, false) => match parse(last) {
            Some(0) | None => RangeAnswer::Unsatisfiable,
            Some(_) if size == 0 => RangeAnswer::Unsatisfiable,
            Some(n) => RangeAnswer::Partial(size.saturating_sub(n)..size),
        },
        // "bytes=A-": from A to the end.
        (false, true) => match parse(first) {
            Some(start) if start < size => RangeAnswer::Partial(start..size),
            _ => RangeAnswer::Unsatisfiable,
        },
        // "bytes=A-B": inclusive; B past the end means the end.
        (false, false) => match (parse(first), parse(last)) {
            (Some(start), Some(end)) if start <= end && start < size => RangeAnswer::Partial(start..end.min(size - 1) + 1),
            _ => RangeAnswer::Unsatisfiable,
        },
        (true, true) => RangeAnswer::Unsatisfiable,
    }
}

/// A strong entity tag for a stored file: its key and its size. Uploads write new files under
/// new keys, so the pair names one content; every instance of the server answers the same tag.
pub fn entity_tag(key: &str, size: u64) -> String {
    use sha2::Digest;
    let digest = sha2::Sha256::digest(key.as_bytes());
    format!("\"{}-{size:x}\"", hex::encode(&digest[..12]))
}

/// RFC 9110 §13.1.5: a `Range` sent with `If-Range` applies only while the file is still the one
/// the client had (its tag, compared strongly); otherwise the whole file is sent. A date in
/// `If-Range` is never a match here (no modification times are kept), which is the safe answer.
pub fn range_applies(if_range: Option<&str>, etag: &str) -> bool {
    if_range.is_none_or(|value| value.trim() == etag)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_range_applies_only_while_if_range_names_the_current_tag() {
        let tag = entity_tag("premium/audio/walden.mp3", 1000);
        assert_eq!(tag, entity_tag("premium/audio/walden.mp3", 1000), "stable");
        assert_ne!(tag, entity_tag("premium/audio/walden.mp3", 1001));
        assert_ne!(tag, entity_tag("premium/audio/other.mp3", 1000));
        assert!(tag.starts_with('"') && tag.ends_with('"') && !tag.starts_with("W/"), "strong: {tag}");
        assert!(range_applies(None, &tag));
        assert!(range_applies(Some(&tag), &tag));
        assert!(!range_applies(Some("\"something-else\""), &tag));
        assert!(!range_applies(Some(&format!("W/{tag}")), &tag), "weak tags never match");
        assert!(!range_applies(Some("Wed, 21 Oct 2026 07:28:00 GMT"), &tag));
    }

    #[test]
    fn byte_ranges_are_inclusive_and_clamped_to_the_file() {
        assert_eq!(answer(Some("bytes=0-99"), 1000), RangeAnswer::Partial(0..100));
        assert_eq!(answer(Some("bytes=500-"), 1000), RangeAnswer::Partial(500..1000));
        assert_eq!(answer(Some("bytes=-100"), 1000), RangeAnswer::Partial(900..1000));
        assert_eq!(answer(Some("bytes=-5000"), 1000), RangeAnswer::Partial(0..1000));
        assert_eq!(answer(Some("bytes=990-5000"), 1000), RangeAnswer::Partial(990..1000));
        assert_eq!(answer(Some("bytes=999-999"), 1000), RangeAnswer::Partial(999..1000));
    }

    #[test]
    fn ranges_outside_the_file_or_malformed_are_unsatisfiable() {
        for bad in ["bytes=1000-", "bytes=1000-2000", "bytes=5-2", "bytes=-0", "bytes=-", "bytes=x-y", "bytes=abc"] {
            assert_eq!(answer(Some(bad), 1000), RangeAnswer::Unsatisfiable, "{bad}");
        }
        assert_eq!(answer(Some("bytes=0-"), 0), RangeAnswer::Unsatisfiable);
    }

    #[test]
    fn no_header_other_units_and_multiple_ranges_get_the_whole_file() {
        assert_eq!(answer(None, 10), RangeAnswer::Whole);
        assert_eq!(answer(Some("items=0-1"), 10), RangeAnswer::Whole);
        assert_eq!(answer(Some("bytes=0-1,4-5"), 10), RangeAnswer::Whole);
    }
}
