//! The paged book list's parameters: sorts, filters and page bounds.

pub const DEFAULT_PAGE_SIZE: u32 = 20;
pub const MAX_PAGE_SIZE: u32 = 100;

/// The sort segment of `/booklist/{sort}/{tag}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sort {
    /// Newest upload first.
    New,
    /// Most reads in the last 30 days first.
    Trending,
    /// Title A to Z.
    Alphabetical,
    /// Newest first, only books with audio.
    Audio,
    /// Newest first, only books with video.
    Video,
}

impl Sort {
    pub fn parse(raw: &str) -> Option<Sort> {
        Some(match raw {
            "new" | "newest" | "latest" => Sort::New,
            "trending" | "popular" => Sort::Trending,
            "ab" => Sort::Alphabetical,
            "audio" => Sort::Audio,
            "video" => Sort::Video,
            _ => return None,
        })
    }
}

/// One page of the list, validated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListQuery {
    pub sort: Sort,
    pub category: Option<String>,
    pub collection: Option<String>,
    pub author: Option<String>,
    /// Books serving this goal.
    pub goal: Option<i64>,
    pub audio_only: bool,
    pub video_only: bool,
    pub page: u32,
    pub page_size: u32,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ListQueryError {
    UnknownSort,
    BadPage,
    BadPageSize,
    BadGoal,
}

impl std::fmt::Display for ListQueryError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            ListQueryError::UnknownSort => "The sort must be one of new, trending, ab, audio or video.",
            ListQueryError::BadPage => "The page must be 1 or more.",
            ListQueryError::BadPageSize => "The page size must be between 1 and 100.",
            ListQueryError::BadGoal => "The goal must be a goal's id.",
        })
    }
}

impl std::error::Error for ListQueryError {}

/// The raw parameters as they arrive in a query string.
#[derive(Debug, Clone, Default)]
pub struct RawListQuery {
    pub sort: Option<String>,
    pub category: Option<String>,
    pub collection: Option<String>,
    pub author: Option<String>,
    pub goal: Option<i64>,
    pub audio: Option<bool>,
    pub video: Option<bool>,
    pub page: Option<i64>,
    pub page_size: Option<i64>,
}

impl ListQuery {
    pub fn parse(raw: RawListQuery) -> Result<ListQuery, ListQueryError> {
        let sort = match raw.sort.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
            None => Sort::New,
            Some(s) => Sort::parse(s).ok_or(ListQueryError::UnknownSort)?,
        };
        let page = raw.page.unwrap_or(1);
        if !(1..=1_000_000).contains(&page) {
            return Err(ListQueryError::BadPage);
        }
        let page_size = raw.page_size.unwrap_or(i64::from(DEFAULT_PAGE_SIZE));
        if !(1..=i64::from(MAX_PAGE_SIZE)).contains(&page_size) {
            return Err(ListQueryError::BadPageSize);
        }
        let filter = |value: Option<String>| value.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty() && v != "all");
        Ok(ListQuery {
            audio_only: raw.audio.unwrap_or(false) || sort == Sort::Audio,
            video_only: raw.video.unwrap_or(false) || sort == Sort::Video,
            sort,
            category: filter(raw.category),
            collection: filter(raw.collection),
            author: filter(raw.author),
            goal: match raw.goal {
                Some(id) if id > 0 => Some(id),
                Some(_) => return Err(ListQueryError::BadGoal),
                None => None,
            },
            page: page as u32,
            page_size: page_size as u32,
        })
    }

    pub fn offset(&self) -> i64 {
        i64::from(self.page - 1) * i64::from(self.page_size)
    }
}

/// How many pages `total` items fill (at least 1, so an empty list is "page 1 of 1").
pub fn page_count(total: i64, page_size: u32) -> i64 {
    ((total + i64::from(page_size) - 1) / i64::from(page_size)).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_newest_first_page_one_of_twenty() {
        let query = ListQuery::parse(RawListQuery::default()).unwrap();
        assert_eq!(query.sort, Sort::New);
        assert_eq!((query.page, query.page_size, query.offset()), (1, 20, 0));
        assert!(!query.audio_only && !query.video_only);
    }

    #[test]
    fn every_sort_segment_parses_and_unknown_ones_are_refused() {
        for (raw, sort) in [("new", Sort::New), ("trending", Sort::Trending), ("ab", Sort::Alphabetical), ("audio", Sort::Audio), ("video", Sort::Video)] {
            assert_eq!(ListQuery::parse(RawListQuery { sort: Some(raw.into()), ..Default::default() }).unwrap().sort, sort);
        }
        let bad = ListQuery::parse(RawListQuery { sort: Some("cheapest".into()), ..Default::default() });
        assert_eq!(bad, Err(ListQueryError::UnknownSort));
    }

    #[test]
    fn audio_and_video_sorts_imply_their_filter() {
        let audio = ListQuery::parse(RawListQuery { sort: Some("audio".into()), ..Default::default() }).unwrap();
        assert!(audio.audio_only && !audio.video_only);
        let video = ListQuery::parse(RawListQuery { sort: Some("video".into()), ..Default::default() }).unwrap();
        assert!(video.video_only);
    }

    #[test]
    fn all_and_blank_filters_mean_no_filter() {
        let query = ListQuery::parse(RawListQuery {
            category: Some("all".into()),
            collection: Some("  ".into()),
            author: Some(" seneca ".into()),
            ..Default::default()
        })
        .unwrap();
        assert_eq!((query.category, query.collection, query.author.as_deref()), (None, None, Some("seneca")));
    }

    #[test]
    fn pages_are_bounded() {
        assert_eq!(ListQuery::parse(RawListQuery { page: Some(0), ..Default::default() }), Err(ListQueryError::BadPage));
        assert_eq!(ListQuery::parse(RawListQuery { page_size: Some(101), ..Default::default() }), Err(ListQueryError::BadPageSize));
        assert_eq!(ListQuery::parse(RawListQuery { goal: Some(0), ..Default::default() }), Err(ListQueryError::BadGoal));
        assert_eq!(ListQuery::parse(RawListQuery { goal: Some(7), ..Default::default() }).unwrap().goal, Some(7));
        assert_eq!(ListQuery::parse(RawListQuery { page: Some(3), page_size: Some(10), ..Default::default() }).unwrap().offset(), 20);
        assert_eq!((page_count(0, 20), page_count(20, 20), page_count(21, 20)), (1, 1, 2));
    }
}
