//! A member's star rating of a book, valid by construction.

/// Characters of feedback a rating may carry.
pub const FEEDBACK_LIMIT: usize = 500;

/// The stars as they arrived: missing, a whole number, or something else (text, a fraction).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Stars {
    Missing,
    Whole(i64),
    NotWhole,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RatingError {
    Missing,
    OutOfRange,
    FeedbackTooLong,
}

/// 1 to 5 whole stars and at most 500 characters of feedback (trimmed; counted as characters,
/// not bytes).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rating {
    stars: u8,
    feedback: String,
}

impl Rating {
    pub fn new(stars: Stars, feedback: Option<&str>) -> Result<Rating, RatingError> {
        let stars = match stars {
            Stars::Missing => return Err(RatingError::Missing),
            Stars::Whole(n) if (1..=5).contains(&n) => n as u8,
            Stars::Whole(_) | Stars::NotWhole => return Err(RatingError::OutOfRange),
        };
        let feedback = feedback.unwrap_or_default().trim().to_owned();
        if feedback.chars().count() > FEEDBACK_LIMIT {
            return Err(RatingError::FeedbackTooLong);
        }
        Ok(Rating { stars, feedback })
    }

    pub fn stars(&self) -> u8 {
        self.stars
    }

    pub fn feedback(&self) -> &str {
        &self.feedback
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stars_are_a_whole_number_from_one_to_five() {
        assert_eq!(Rating::new(Stars::Whole(1), None).unwrap().stars(), 1);
        assert_eq!(Rating::new(Stars::Whole(5), None).unwrap().stars(), 5);
        assert_eq!(Rating::new(Stars::Missing, None), Err(RatingError::Missing));
        for bad in [Stars::Whole(0), Stars::Whole(6), Stars::Whole(-1), Stars::NotWhole] {
            assert_eq!(Rating::new(bad, None), Err(RatingError::OutOfRange), "{bad:?}");
        }
    }

    #[test]
    fn feedback_is_trimmed_and_at_most_500_characters() {
        assert_eq!(Rating::new(Stars::Whole(4), Some("  good  ")).unwrap().feedback(), "good");
        let multi_byte = "é".repeat(500);
        assert_eq!(Rating::new(Stars::Whole(4), Some(&multi_byte)).unwrap().feedback().chars().count(), 500);
        assert_eq!(Rating::new(Stars::Whole(4), Some(&"é".repeat(501))), Err(RatingError::FeedbackTooLong));
        assert_eq!(Rating::new(Stars::Whole(4), Some(&format!("  {}  ", "a".repeat(500)))).unwrap().feedback().len(), 500);
    }
}
