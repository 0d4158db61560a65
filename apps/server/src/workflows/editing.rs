//! An operator's edit of a book's text, then every member's highlights of it found again in the
//! new text. Two steps, not one transaction: the edit stands even when re-anchoring fails, and a
//! process that dies between them leaves highlights anchored to the old text, which the reader's
//! call finds again the next time a member opens the book (each highlight keeps the version of the
//! section it was found in).

use crate::envelope::ApiError;
use crate::state::AppState;
use admin::books::AdminBook;

/// Runs `edit` (an admin use case that saves a book), then re-anchors the book's highlights.
pub async fn edit_book<F>(state: &AppState, edit: F) -> Result<AdminBook, ApiError>
where
    F: FnOnce(&admin::Admin<'_, dyn admin::ports::AdminStore + '_>) -> Result<AdminBook, admin::AdminError> + Send + 'static,
{
    let book = state.admin(edit).await?;
    let (book_id, body) = (book.id, book.body.as_str().to_owned());
    match state.highlights(move |h| h.reanchor_book(book_id, &body)).await {
        Ok((_, 0)) => {}
        Ok((found, orphaned)) => tracing::info!(book_id, found, orphaned, "highlights of an edited book re-anchored"),
        Err(error) => tracing::warn!(book_id, code = error.code, message = %error.message, "highlights of an edited book are left to the reader's call"),
    }
    Ok(book)
}
