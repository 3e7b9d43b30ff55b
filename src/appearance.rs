//! The desktop's look in the window: where the engine reads it (the session bus and the
//! configuration folders this process's environment names) and its changes as a stream
//! for a subscription (the engine's `appearance::follow`, on a thread of its own).

use std::path::PathBuf;

use porpoise_engine::appearance::{Appearance, Sources};

/// Where the desktop's look is read from, as the environment names it (variables only,
/// no files).
pub fn sources_from_env() -> Sources {
    let config = crate::icons::desktop::Dirs::from_env().config;
    Sources {
        bus: None,
        config: config
            .into_iter()
            .filter(|p: &PathBuf| p.is_absolute())
            .collect(),
    }
}

/// The desktop's look now and after each change. Without a session bus or a portal, the
/// settings files alone are followed.
pub fn events() -> impl iced::futures::Stream<Item = Appearance> {
    crate::stream::stream(porpoise_engine::appearance::follow(sources_from_env()))
}
