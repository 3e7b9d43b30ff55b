//! Running tasks together without cost when none of them does anything: iced's
//! `Task::batch` always makes a stream the runtime spawns, even of empty tasks, and the
//! window's update returns a batch for every message.

use iced::Task;

/// `tasks` run together; `Task::none()` when none of them does work, the task itself
/// when only one does.
pub fn batch<M: 'static>(tasks: impl IntoIterator<Item = Task<M>>) -> Task<M> {
    let mut working: Vec<Task<M>> = tasks.into_iter().filter(|t| t.units() > 0).collect();
    match working.len() {
        0 => Task::none(),
        1 => working.pop().unwrap_or_else(Task::none),
        _ => Task::batch(working),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_tasks_make_no_work() {
        let none: Task<u8> = batch([Task::none(), Task::none()]);
        assert_eq!(none.units(), 0);
        let one = batch([Task::none(), Task::done(1u8)]);
        assert_eq!(one.units(), 1);
        let two = batch([Task::done(1u8), Task::none(), Task::done(2)]);
        assert_eq!(two.units(), 2);
    }
}
