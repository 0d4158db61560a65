use kernel::PortError;

/// Everything a challenge call can answer besides success; the server maps each to an HTTP
/// status and uses [`ChallengeError::code`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ChallengeError {
    #[error("Please pick at least one goal and specify an email address.")]
    GoalsAndEmailNeeded,
    #[error("You can only pick two goals.")]
    TooManyGoals,
    #[error("Please enter a valid email address.")]
    InvalidEmail,
    #[error("Please pick goals from the list.")]
    UnknownGoal,
    #[error("Please create a plan first.")]
    NoPlan,
    #[error("Too many plans were requested for this address today. Please try again tomorrow.")]
    TooManyPlans,
    #[error("Please pick one or two goals.")]
    PickGoals,
    #[error("These answers do not match the quiz.")]
    AnswersDoNotMatch,
    #[error("There is no such quiz.")]
    UnknownQuiz,
    #[error("You have not taken this quiz yet.")]
    NotTaken,
    #[error("The full report comes with the quiz results plan.")]
    ReportNotBought,
    #[error("This link is no longer valid.")]
    UnknownUnsubscribeLink,
    #[error("temporarily unavailable")]
    Unavailable,
    #[error("internal: {0}")]
    Internal(String),
}

impl ChallengeError {
    pub fn code(&self) -> &'static str {
        match self {
            ChallengeError::GoalsAndEmailNeeded
            | ChallengeError::TooManyGoals
            | ChallengeError::InvalidEmail
            | ChallengeError::UnknownGoal
            | ChallengeError::NoPlan
            | ChallengeError::PickGoals
            | ChallengeError::AnswersDoNotMatch => "invalid_form",
            ChallengeError::UnknownQuiz | ChallengeError::NotTaken | ChallengeError::UnknownUnsubscribeLink => "not_found",
            ChallengeError::ReportNotBought => "report_not_bought",
            ChallengeError::TooManyPlans => "throttled",
            ChallengeError::Unavailable => "unavailable",
            ChallengeError::Internal(_) => "internal",
        }
    }
}

impl From<PortError> for ChallengeError {
    fn from(err: PortError) -> Self {
        match err {
            PortError::Unavailable => ChallengeError::Unavailable,
            PortError::Failed(cause) => ChallengeError::Internal(cause),
        }
    }
}
