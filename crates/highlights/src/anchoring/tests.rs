use super::*;

fn section(blocks: &[(&str, &str)]) -> SectionText {
    SectionText::new(blocks.iter().map(|(id, text)| Block::new(*id, *text)).collect())
}

fn original() -> SectionText {
    section(&[
        ("b1", "Habits are the compound interest of self-improvement."),
        ("b2", "You do not rise to the level of your goals. You fall to the level of your systems."),
        ("b3", "Every action you take is a vote for the type of person you wish to become."),
    ])
}

/// "You fall to the level of your systems." in b2.
fn systems() -> Anchor {
    let text = original();
    let start = "You do not rise to the level of your goals. ".chars().count();
    text.anchor(&Point::new("b2", start), &Point::new("b2", start + "You fall to the level of your systems.".chars().count())).unwrap()
}

fn exact_of(found: &Found) -> Option<&str> {
    match found {
        Found::Unchanged(a) | Found::Moved(a) | Found::Fuzzy { anchor: a, .. } => Some(&a.quote.exact),
        Found::Orphaned => None,
    }
}

#[test]
fn an_anchor_reads_its_quote_and_context_from_the_section() {
    let anchor = systems();
    assert_eq!(anchor.quote.exact, "You fall to the level of your systems.");
    assert_eq!(anchor.quote.prefix, "ise to the level of your goals. ", "the last {CONTEXT_CHARS} code points before");
    assert_eq!(anchor.quote.suffix, "\nEvery action you take is a vote");
    assert_eq!(anchor.position, "Habits are the compound interest of self-improvement.\nYou do not rise to the level of your goals. ".chars().count());
}

#[test]
fn a_selection_across_blocks_joins_them_with_a_newline() {
    let text = original();
    let anchor = text.anchor(&Point::new("b1", 36), &Point::new("b2", 3)).unwrap();
    assert_eq!(anchor.quote.exact, "self-improvement.\nYou");
}

#[test]
fn offsets_are_code_points_not_bytes() {
    let text = section(&[("b1", "Ça coûte 5 €, déjà payé.")]);
    let anchor = text.anchor(&Point::new("b1", 9), &Point::new("b1", 12)).unwrap();
    assert_eq!(anchor.quote.exact, "5 €");
    assert_eq!(anchor.quote.prefix, "Ça coûte ");
}

#[test]
fn bad_selections_are_refused() {
    let text = original();
    assert_eq!(text.anchor(&Point::new("b9", 0), &Point::new("b1", 3)), Err(AnchorProblem::NotInSection));
    assert_eq!(text.anchor(&Point::new("b1", 0), &Point::new("b1", 999)), Err(AnchorProblem::NotInSection));
    assert_eq!(text.anchor(&Point::new("b1", 5), &Point::new("b1", 5)), Err(AnchorProblem::Empty));
    assert_eq!(text.anchor(&Point::new("b2", 0), &Point::new("b1", 5)), Err(AnchorProblem::Empty));
}

#[test]
fn an_unedited_section_finds_the_highlight_where_it_was() {
    let found = original().reanchor(&systems());
    assert_eq!(found, Found::Unchanged(systems()));
}

#[test]
fn a_block_inserted_before_keeps_the_points_and_moves_the_position() {
    let edited = section(&[
        ("b0", "A new opening paragraph."),
        ("b1", "Habits are the compound interest of self-improvement."),
        ("b2", "You do not rise to the level of your goals. You fall to the level of your systems."),
        ("b3", "Every action you take is a vote for the type of person you wish to become."),
    ]);
    let Found::Unchanged(anchor) = edited.reanchor(&systems()) else { panic!("{:?}", edited.reanchor(&systems())) };
    assert_eq!((anchor.start.clone(), anchor.end.clone()), (systems().start, systems().end));
    assert_eq!(anchor.position, systems().position + "A new opening paragraph.\n".chars().count());
}

#[test]
fn text_inserted_before_it_in_its_block_moves_it_within_the_block() {
    let edited = section(&[
        ("b1", "Habits are the compound interest of self-improvement."),
        ("b2", "Clear says it plainly. You do not rise to the level of your goals. You fall to the level of your systems."),
        ("b3", "Every action you take is a vote for the type of person you wish to become."),
    ]);
    let found = edited.reanchor(&systems());
    let Found::Moved(anchor) = &found else { panic!("{found:?}") };
    assert_eq!(anchor.quote.exact, "You fall to the level of your systems.");
    assert_eq!(anchor.start, Point::new("b2", systems().start.offset + "Clear says it plainly. ".chars().count()));
}

#[test]
fn a_change_inside_the_quote_is_found_close_to_it() {
    let edited = section(&[
        ("b1", "Habits are the compound interest of self-improvement."),
        ("b2", "You do not rise to the level of your goals. You fall to the level of your own systems."),
        ("b3", "Every action you take is a vote for the type of person you wish to become."),
    ]);
    let found = edited.reanchor(&systems());
    let Found::Fuzzy { anchor, similarity } = &found else { panic!("{found:?}") };
    assert_eq!(anchor.quote.exact, "You fall to the level of your own systems.");
    assert!(*similarity >= MIN_SIMILARITY && *similarity < 1.0, "{similarity}");
}

#[test]
fn a_deleted_block_orphans_its_highlight() {
    let edited = section(&[
        ("b1", "Habits are the compound interest of self-improvement."),
        ("b3", "Every action you take is a vote for the type of person you wish to become."),
    ]);
    assert_eq!(edited.reanchor(&systems()), Found::Orphaned);
}

#[test]
fn a_rewritten_passage_orphans_its_highlight() {
    let edited = section(&[
        ("b1", "Habits are the compound interest of self-improvement."),
        ("b2", "Goals set a direction; the process is what gets you there, day after day."),
        ("b3", "Every action you take is a vote for the type of person you wish to become."),
    ]);
    assert_eq!(edited.reanchor(&systems()), Found::Orphaned);
}

#[test]
fn reordered_blocks_keep_the_highlight_on_its_block() {
    let edited = section(&[
        ("b3", "Every action you take is a vote for the type of person you wish to become."),
        ("b2", "You do not rise to the level of your goals. You fall to the level of your systems."),
        ("b1", "Habits are the compound interest of self-improvement."),
    ]);
    let Found::Unchanged(anchor) = edited.reanchor(&systems()) else { panic!() };
    assert_eq!(anchor.start.block, "b2");
    assert_eq!(anchor.quote.suffix, "\nHabits are the compound interes", "{CONTEXT_CHARS} code points, the newline included");
}

#[test]
fn blocks_given_new_ids_are_searched_by_quote_and_context() {
    // An editor that does not keep ids: the quote is found in the whole section.
    let edited = section(&[
        ("n1", "Habits are the compound interest of self-improvement."),
        ("n2", "You do not rise to the level of your goals. You fall to the level of your systems."),
        ("n3", "Every action you take is a vote for the type of person you wish to become."),
    ]);
    let Found::Moved(anchor) = edited.reanchor(&systems()) else { panic!() };
    assert_eq!(anchor.start, Point::new("n2", systems().start.offset));
}

#[test]
fn of_two_copies_of_the_quote_the_one_in_its_context_wins() {
    let text = section(&[("a", "Rest is work. Start small."), ("b", "In the long run, start small and keep going.")]);
    let second = text.anchor(&Point::new("b", 17), &Point::new("b", 28)).unwrap();
    assert_eq!(second.quote.exact, "start small");
    // New ids everywhere, and a copy placed before: the context picks the right one.
    let edited = section(&[("x", "Rest is work; start small."), ("y", "In the long run, start small and keep going.")]);
    let Found::Moved(anchor) = edited.reanchor(&second) else { panic!() };
    assert_eq!(anchor.start, Point::new("y", 17));
}

#[test]
fn a_quote_across_blocks_is_found_after_an_edit_elsewhere() {
    let text = original();
    let across = text.anchor(&Point::new("b1", 36), &Point::new("b2", 15)).unwrap();
    let edited = section(&[
        ("b1", "Good habits are the compound interest of self-improvement."),
        ("b2", "You do not rise to the level of your goals. You fall to the level of your systems."),
    ]);
    let found = edited.reanchor(&across);
    assert_eq!(exact_of(&found), Some("self-improvement.\nYou do not rise"), "{found:?}");
}

#[test]
fn approximate_matches_find_a_pattern_with_a_few_edits_and_where_it_starts() {
    let text: Vec<char> = "the quick brown fox jumps".chars().collect();
    let pattern: Vec<char> = "quikc brown".chars().collect();
    let matches = approximate_matches(&text, &pattern, 2);
    assert_eq!(matches.len(), 1, "{matches:?}");
    let found: String = text[matches[0].from..matches[0].to].iter().collect();
    assert_eq!(found, "quick brown");
    assert!(approximate_matches(&text, &"slow green".chars().collect::<Vec<_>>(), 2).is_empty());
    assert_eq!(edit_distance(&"kitten".chars().collect::<Vec<_>>(), &"sitting".chars().collect::<Vec<_>>()), 3);
}

/// A section of a summary body as the reader and the server read it.
fn section_of(body: &str, index: usize) -> SectionText {
    let section = &catalogue::html::sections(body)[index];
    SectionText::new(catalogue::html::section_blocks(&section.html).into_iter().map(|(id, text)| Block::new(id, text)).collect())
}

#[test]
fn the_editors_block_ids_keep_a_highlight_on_its_points_when_a_paragraph_is_inserted_before_it() {
    // Stored before bodies had ids: the editor shows each block with the id it was read by.
    let stored = "<h3>Systems</h3><p>Habits compound.</p><p>You fall to the level of your systems.</p>";
    let before = section_of(stored, 0);
    let anchor = before.anchor(&Point::new("b1", 9), &Point::new("b1", 15)).unwrap();
    assert_eq!(anchor.quote.exact, "to the");
    let shown = catalogue::html::with_block_ids(stored);
    // The operator inserts a paragraph at the top: a new block, the others keep their ids.
    let saved = catalogue::html::with_block_ids(&shown.replace("<h3>Systems</h3>", "<h3>Systems</h3><p>A new opening line.</p>"));
    let after = section_of(&saved, 0);
    match after.reanchor(&anchor) {
        Found::Unchanged(found) => {
            assert_eq!((found.start, found.end), (anchor.start.clone(), anchor.end.clone()), "same block, same offsets");
            assert!(found.position > anchor.position);
        }
        other => panic!("expected the points to hold, found {other:?}"),
    }
    // Without the ids the same edit shifts every block: only the quote search finds it.
    let unkept = section_of(&stored.replace("<h3>Systems</h3>", "<h3>Systems</h3><p>A new opening line.</p>"), 0);
    assert!(matches!(unkept.reanchor(&anchor), Found::Moved(_)));
}
