//! The parallel folder walk that counting (`usage`) and finding (`search`) share: a stack
//! of tasks the walking threads take from and hand work back to, the thread loop that goes
//! on with a subfolder it found itself, and the problems met on the way. What a walk does
//! with each folder and entry is its own ([`Visit`]).

mod problems;
mod stack;
mod thread;

pub(crate) use problems::Problems;
pub(crate) use stack::{End, Stack, Task};
pub(crate) use thread::{Opened, Subfolders, Then, Visit, walk};
