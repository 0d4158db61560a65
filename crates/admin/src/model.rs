use kernel::{Timestamp, UserId};

/// A member as the back office lists them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MemberSummary {
    pub id: UserId,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub plan_id: Option<String>,
    pub payment_method: Option<String>,
    pub paid_date: Option<Timestamp>,
    pub end_paid_date: Option<Timestamp>,
    pub created_at: Timestamp,
}
