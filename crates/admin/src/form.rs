//! The back office's generic form rules (back-office spec, "Validation rules"): every admin form is
//! a list of fields of the spec's kinds, and only the first failing field's message is given. The
//! server checks every admin form with these, so its answers are the page's own messages.

/// The spec's field kinds (`text`, `date`, `textarea`, `select`, `normal-select`, `file`,
/// `multi-select`, `hidden`, `readonly`) and numbers (`text` with `inputType` number).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FieldKind {
    Text,
    Number,
    Date,
    Textarea,
    Select,
    NormalSelect,
    MultiSelect,
    File,
    Hidden,
    Readonly,
}

/// One field of a form: its id, the label people read (an asterisk marks it required on screen
/// and is dropped from messages), its kind and whether it must be filled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Field {
    pub id: &'static str,
    pub label: &'static str,
    pub kind: FieldKind,
    pub required: bool,
}

impl Field {
    pub const fn required(id: &'static str, label: &'static str, kind: FieldKind) -> Field {
        Field { id, label, kind, required: true }
    }

    pub const fn optional(id: &'static str, label: &'static str, kind: FieldKind) -> Field {
        Field { id, label, kind, required: false }
    }

    /// The label without the asterisk that marks it required.
    pub fn plain_label(&self) -> &'static str {
        self.label.trim_end_matches('*').trim()
    }
}

/// A value as a form holds it.
#[derive(Debug, Clone, PartialEq)]
pub enum FieldValue<'a> {
    Missing,
    Text(&'a str),
    /// A number field's content (the page sends numbers; a string that is not one fails too).
    Number(Option<f64>),
    Choices(usize),
    Flag(bool),
}

/// The first failing field's message, or `None` when the form may be sent.
pub fn first_problem<'a>(fields: &[Field], value_of: impl Fn(&str) -> FieldValue<'a>) -> Option<String> {
    fields.iter().find_map(|field| problem(field, &value_of(field.id)))
}

fn problem(field: &Field, value: &FieldValue<'_>) -> Option<String> {
    let label = field.plain_label();
    match field.kind {
        FieldKind::File | FieldKind::Hidden | FieldKind::Readonly => None,
        FieldKind::Number => match value {
            FieldValue::Number(Some(n)) if n.is_finite() && *n >= 0.0 => None,
            FieldValue::Missing if !field.required => None,
            _ => Some(format!("Please make sure {label} is greater or equal to 0.")),
        },
        FieldKind::Text | FieldKind::Date | FieldKind::Textarea => {
            let empty = match value {
                FieldValue::Text(text) => text.trim().is_empty(),
                _ => true,
            };
            (field.required && empty).then(|| format!("Please specify {label}."))
        }
        FieldKind::Select | FieldKind::NormalSelect | FieldKind::MultiSelect => {
            let empty = match value {
                FieldValue::Text(text) => text.trim().is_empty(),
                FieldValue::Choices(n) => *n == 0,
                _ => true,
            };
            (field.required && empty).then(|| format!("Please specify {label}."))
        }
    }
}

/// A date field sent as epoch milliseconds; "That date is out of range." outside the years 1 to
/// 9999 (`kernel::from_epoch_millis`).
pub fn date_from_millis(ms: i64) -> Result<kernel::Timestamp, crate::AdminError> {
    kernel::from_epoch_millis(ms).ok_or(crate::AdminError::InvalidDate)
}

#[cfg(test)]
mod tests {
    use super::*;
    use FieldKind::*;

    const FORM: [Field; 6] = [
        Field::required("title", "Title*", Text),
        Field::optional("subtitle", "Subtitle", Text),
        Field::required("mins", "Minutes", Number),
        Field::required("categories", "Categories*", MultiSelect),
        Field::required("plan", "Plan", Select),
        Field::required("photo", "Photo", File),
    ];

    fn check<'a>(values: &'a [(&str, FieldValue<'a>)]) -> Option<String> {
        first_problem(&FORM, |id| values.iter().find(|(k, _)| *k == id).map_or(FieldValue::Missing, |(_, v)| v.clone()))
    }

    #[test]
    fn a_date_out_of_the_years_1_to_9999_is_out_of_range() {
        assert_eq!(date_from_millis(0).map(|t| t.timestamp_millis()), Ok(0));
        // 5488 BC: chrono takes it, PostgreSQL refused it (the fuzzer's 500 on /api/admin/audit).
        assert_eq!(date_from_millis(-235_346_161_520_497), Err(crate::AdminError::InvalidDate));
        assert_eq!(date_from_millis(253_402_300_800_000), Err(crate::AdminError::InvalidDate));
    }

    #[test]
    fn only_the_first_failing_fields_message_is_given_without_the_asterisk() {
        assert_eq!(check(&[]), Some("Please specify Title.".into()));
        assert_eq!(check(&[("title", FieldValue::Text("   "))]), Some("Please specify Title.".into()), "whitespace is empty");
        assert_eq!(check(&[("title", FieldValue::Text("Walden"))]), Some("Please make sure Minutes is greater or equal to 0.".into()));
    }

    #[test]
    fn numbers_must_be_numbers_of_zero_or_more() {
        let base =
            |mins| vec![("title", FieldValue::Text("Walden")), ("mins", mins), ("categories", FieldValue::Choices(1)), ("plan", FieldValue::Text("monthly"))];
        for bad in [FieldValue::Number(None), FieldValue::Number(Some(-1.0)), FieldValue::Number(Some(f64::NAN)), FieldValue::Text("12")] {
            assert_eq!(check(&base(bad)), Some("Please make sure Minutes is greater or equal to 0.".into()));
        }
        assert_eq!(check(&base(FieldValue::Number(Some(0.0)))), None);
        assert_eq!(check(&base(FieldValue::Number(Some(12.5)))), None);
    }

    #[test]
    fn selects_and_multi_selects_need_a_choice_and_files_are_never_checked() {
        let values = [("title", FieldValue::Text("Walden")), ("mins", FieldValue::Number(Some(3.0))), ("categories", FieldValue::Choices(0))];
        assert_eq!(check(&values), Some("Please specify Categories.".into()));
        let values = [
            ("title", FieldValue::Text("Walden")),
            ("mins", FieldValue::Number(Some(3.0))),
            ("categories", FieldValue::Choices(2)),
            ("plan", FieldValue::Text("")),
        ];
        assert_eq!(check(&values), Some("Please specify Plan.".into()));
        let values = [
            ("title", FieldValue::Text("Walden")),
            ("mins", FieldValue::Number(Some(3.0))),
            ("categories", FieldValue::Choices(2)),
            ("plan", FieldValue::Text("x")),
        ];
        assert_eq!(check(&values), None, "the required file field is not checked");
    }

    #[test]
    fn optional_fields_may_stay_empty_but_an_optional_number_must_still_be_one() {
        let form = [Field::optional("note", "Note", Textarea), Field::optional("mins", "Minutes", Number), Field::optional("when", "Date", Date)];
        assert_eq!(first_problem(&form, |_| FieldValue::Missing), None);
        assert_eq!(
            first_problem(&form, |id| if id == "mins" { FieldValue::Number(Some(-3.0)) } else { FieldValue::Missing }),
            Some("Please make sure Minutes is greater or equal to 0.".into())
        );
    }
}
