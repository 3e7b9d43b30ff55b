//! The window's file jobs: starting them from a [`JobRequest`].

use super::App;
use crate::ui::effects::Effect;
use crate::ui::request::JobRequest;

impl App {
    /// Start the job a paste, drop, key or menu asked for.
    pub(super) fn start_job(&mut self, request: JobRequest) -> Vec<Effect> {
        tracing::info!(?request, "job requested");
        Vec::new()
    }
}
