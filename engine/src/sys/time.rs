//! Local time, both ways, through the C library (which reads the zone's rules).

/// Broken-down local time of a Unix timestamp: (year, month 1-12, day, hour, minute).
pub fn local_time(secs: i64) -> Option<(i32, u32, u32, u32, u32)> {
    let t: libc::time_t = secs;
    let mut tm: libc::tm = unsafe { std::mem::zeroed() };
    // SAFETY: both pointers are valid for the call; localtime_r is thread-safe.
    let r = unsafe { libc::localtime_r(&t, &mut tm) };
    if r.is_null() {
        return None;
    }
    Some((
        tm.tm_year + 1900,
        (tm.tm_mon + 1) as u32,
        tm.tm_mday as u32,
        tm.tm_hour as u32,
        tm.tm_min as u32,
    ))
}

/// Seconds since the epoch of a local date and time (month 1-12), `None` where the C
/// library cannot place it.
pub fn local_to_epoch(
    year: i32,
    month: u32,
    day: u32,
    hour: u32,
    min: u32,
    sec: u32,
) -> Option<i64> {
    // SAFETY: `tm` is a plain C struct, fully initialised here; mktime only reads and
    // normalises it.
    let secs = unsafe {
        let mut tm: libc::tm = std::mem::zeroed();
        tm.tm_year = year - 1900;
        tm.tm_mon = month as i32 - 1;
        tm.tm_mday = day as i32;
        tm.tm_hour = hour as i32;
        tm.tm_min = min as i32;
        tm.tm_sec = sec as i32;
        tm.tm_isdst = -1;
        libc::mktime(&mut tm)
    };
    (secs != -1).then_some(secs)
}
