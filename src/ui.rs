//! The window.
pub fn run(_p: Option<std::path::PathBuf>) -> Result<(), std::io::Error> { Ok(()) }
