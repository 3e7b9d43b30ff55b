//! Batch rename, as plain values (no I/O here; `jobs/rename.rs` performs it): the rules
//! that turn names into new names, the plan of every new name with its problems marked
//! (an invalid name, two items given the same name, a name already taken), and the order
//! in which renames that depend on each other (a→b, b→a) are done.

mod case;
pub mod check;
pub mod order;
pub mod plan;
pub mod rules;

pub use case::CaseChange;
pub use check::InvalidName;
pub use plan::{Item, Plan, Planned, Problem};
pub use rules::{Renamer, RuleError, Rules};
