//! The summariser's document reader, run as a child process under its own limits (see
//! `server::document_reader`).

fn main() -> std::process::ExitCode {
    server::document_reader::child_main()
}
