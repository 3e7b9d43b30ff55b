//! Time left and speed of a job, from its progress samples: a fit of
//! time ≈ a·bytes + b·files over recent progress, so thousands of small files are costed
//! by their count and large files by their size. Pure arithmetic; times are given.

use std::time::Duration;

/// How fast old samples fade: a sample this much active time old weighs 1/e.
const MEMORY: f64 = 8.0;
/// No estimate before this much active time has been sampled.
const WARM_UP: f64 = 1.0;
/// No estimate before this many progress increments.
const MIN_STEPS: u32 = 3;
/// Bytes are counted in MiB so both columns of the fit have similar magnitudes.
const UNIT: f64 = 1024.0 * 1024.0;
/// How much of a new raw estimate goes into the shown one.
const SMOOTHING: f64 = 0.3;

/// The estimator of one job. Feed it every progress sample and every pause and resume.
#[derive(Debug, Clone, Default)]
pub struct Eta {
    /// Active time (pauses left out) and done figures of the last sample.
    last: Option<(f64, f64, f64)>,
    /// When the current pause began, on the caller's clock.
    paused_at: Option<Duration>,
    /// All paused time so far.
    paused: Duration,
    steps: u32,
    /// Active time covered by the samples.
    covered: f64,
    // Weighted sums of the fit dt = a·dB + b·dF.
    s_bb: f64,
    s_bf: f64,
    s_ff: f64,
    s_bt: f64,
    s_ft: f64,
    /// Weighted sums for the speed: bytes and time.
    s_b: f64,
    s_t: f64,
    /// The shown estimate and the active time it was made at.
    shown: Option<(f64, f64)>,
}

impl Eta {
    /// A progress sample at `now` (any monotonic clock starting with the job).
    pub fn sample(&mut self, now: Duration, bytes_done: u64, files_done: u64) {
        if self.paused_at.is_some() {
            return;
        }
        let t = self.active(now);
        let (b, f) = (bytes_done as f64 / UNIT, files_done as f64);
        let Some((t0, b0, f0)) = self.last.replace((t, b, f)) else {
            return;
        };
        let (dt, db, df) = (t - t0, b - b0, f - f0);
        if dt <= 0.0 || (db <= 0.0 && df <= 0.0) {
            // Nothing moved: keep the old sample as the start of the next increment.
            self.last = Some((t0, b0, f0));
            return;
        }
        let fade = (-dt / MEMORY).exp();
        for s in [
            &mut self.s_bb,
            &mut self.s_bf,
            &mut self.s_ff,
            &mut self.s_bt,
            &mut self.s_ft,
            &mut self.s_b,
            &mut self.s_t,
        ] {
            *s *= fade;
        }
        // Each increment counts as many times as it lasted, so rates of short and long
        // increments mix fairly.
        let w = 1.0 / dt;
        self.s_bb += w * db * db;
        self.s_bf += w * db * df;
        self.s_ff += w * df * df;
        self.s_bt += w * db * dt;
        self.s_ft += w * df * dt;
        self.s_b += db;
        self.s_t += dt;
        self.steps += 1;
        self.covered += dt;
    }

    /// The job was paused (`true`) or resumed at `now`; paused time does not count.
    pub fn set_paused(&mut self, now: Duration, paused: bool) {
        match (paused, self.paused_at) {
            (true, None) => self.paused_at = Some(now),
            (false, Some(at)) => {
                self.paused += now.saturating_sub(at);
                self.paused_at = None;
            }
            _ => {}
        }
    }

    fn active(&self, now: Duration) -> f64 {
        now.saturating_sub(self.paused).as_secs_f64()
    }

    /// The cost per MiB and per file, in seconds, from the samples so far.
    fn costs(&self) -> Option<(f64, f64)> {
        if self.steps < MIN_STEPS || self.covered < WARM_UP {
            return None;
        }
        let det = self.s_bb * self.s_ff - self.s_bf * self.s_bf;
        let scale = self.s_bb * self.s_ff;
        if scale > 0.0 && det > 1e-6 * scale {
            let a = (self.s_bt * self.s_ff - self.s_ft * self.s_bf) / det;
            let b = (self.s_ft * self.s_bb - self.s_bt * self.s_bf) / det;
            if a >= 0.0 && b >= 0.0 {
                return Some((a, b));
            }
        }
        // Bytes and files moved in step (or one cost came out negative): one of them
        // carries the whole cost.
        if self.s_bb > 0.0 && (self.s_bt / self.s_bb).is_finite() {
            let a = self.s_bt / self.s_bb;
            let b_only = (self.s_ff > 0.0).then(|| self.s_ft / self.s_ff);
            // Prefer the column that explains the time better.
            let err_a = self.residual(a, 0.0);
            return match b_only {
                Some(b) if self.residual(0.0, b) < err_a => Some((0.0, b)),
                _ => Some((a, 0.0)),
            };
        }
        (self.s_ff > 0.0).then(|| (0.0, self.s_ft / self.s_ff))
    }

    /// Weighted squared error of the fit with costs `a` and `b` (up to a constant).
    fn residual(&self, a: f64, b: f64) -> f64 {
        a * a * self.s_bb + b * b * self.s_ff + 2.0 * a * b * self.s_bf
            - 2.0 * (a * self.s_bt + b * self.s_ft)
    }

    /// Time left for what remains of `bytes_total` and `files_total`, smoothed; `None`
    /// until enough progress was seen. `now` is the time of the latest sample.
    pub fn remaining(
        &mut self,
        now: Duration,
        done: (u64, u64),
        total: (u64, u64),
    ) -> Option<Duration> {
        let (a, b) = self.costs()?;
        let bytes_left = total.0.saturating_sub(done.0) as f64 / UNIT;
        let files_left = total.1.saturating_sub(done.1) as f64;
        let raw = a * bytes_left + b * files_left;
        let t = self.active(now);
        let shown = match self.shown {
            Some((prev, at)) => {
                let predicted = (prev - (t - at)).max(0.0);
                predicted + SMOOTHING * (raw - predicted)
            }
            None => raw,
        };
        self.shown = Some((shown, t));
        Duration::try_from_secs_f64(shown.max(0.0)).ok()
    }

    /// Recent speed in bytes per second of active time; `None` until enough was seen.
    pub fn speed(&self) -> Option<f64> {
        (self.steps >= MIN_STEPS && self.covered >= WARM_UP && self.s_t > 0.0)
            .then(|| self.s_b * UNIT / self.s_t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MB: u64 = 1024 * 1024;

    /// A simulated job: per-MiB and per-file cost, samples every 100 ms of its clock.
    struct Sim {
        eta: Eta,
        clock: Duration,
        bytes: u64,
        files: u64,
    }

    impl Sim {
        fn new() -> Sim {
            Sim {
                eta: Eta::default(),
                clock: Duration::ZERO,
                bytes: 0,
                files: 0,
            }
        }

        /// Run for `secs` moving `bytes_per_tick` and `files_per_tick` each 100 ms.
        fn run(&mut self, secs: f64, bytes_per_tick: u64, files_per_tick: u64) {
            let ticks = (secs * 10.0).round() as u32;
            for _ in 0..ticks {
                self.clock += Duration::from_millis(100);
                self.bytes += bytes_per_tick;
                self.files += files_per_tick;
                self.eta.sample(self.clock, self.bytes, self.files);
            }
        }

        fn left(&mut self, total: (u64, u64)) -> f64 {
            self.eta
                .remaining(self.clock, (self.bytes, self.files), total)
                .expect("an estimate")
                .as_secs_f64()
        }

        /// The speed shown is `bytes_per_second` within the fraction `within`.
        fn speed_near(&self, bytes_per_second: u64, within: f64) {
            let speed = self.eta.speed().expect("a speed");
            assert!(
                (speed / bytes_per_second as f64 - 1.0).abs() < within,
                "speed {speed:.0} B/s, expected about {bytes_per_second} B/s"
            );
        }
    }

    fn near(got: f64, want: f64) {
        assert!(
            (got - want).abs() <= want * 0.15 + 0.2,
            "estimated {got:.2} s, expected about {want:.2} s"
        );
    }

    #[test]
    fn one_large_file() {
        // 1 GiB at 100 MiB/s: after 2 s, 8.24 s are left.
        let mut s = Sim::new();
        s.run(2.0, 10 * MB, 0);
        near(s.left((1024 * MB, 1)), (1024.0 - 200.0) / 100.0);
        s.speed_near(100 * MB, 0.01);
    }

    #[test]
    fn many_small_files_after_a_large_one() {
        // Cost: 10 ms per MiB and 1 ms per file. A 500 MiB file (5 s), then 5000 files of
        // 4 KiB: 100 files per 100 ms.
        let mut s = Sim::new();
        s.run(5.0, 10 * MB, 0);
        s.files += 1;
        s.run(1.0, 400 * 1024, 99);
        let total = (500 * MB + 5000 * 4096, 5001);
        let files_left = (total.1 - s.files) as f64;
        let bytes_left = (total.0 - s.bytes) as f64 / MB as f64;
        let want = files_left * 0.001 + bytes_left * 0.01;
        near(s.left(total), want);
        // Counting bytes only would promise well under a second.
        assert!(want > 3.5);
    }

    #[test]
    fn no_estimate_before_enough_data() {
        let mut s = Sim::new();
        assert!(s.eta.remaining(s.clock, (0, 0), (MB, 1)).is_none());
        s.run(0.3, MB, 0);
        assert!(
            s.eta
                .remaining(s.clock, (s.bytes, 0), (100 * MB, 1))
                .is_none()
        );
        assert!(s.eta.speed().is_none());
        s.run(1.0, MB, 0);
        assert!(
            s.eta
                .remaining(s.clock, (s.bytes, 0), (100 * MB, 1))
                .is_some()
        );
    }

    #[test]
    fn paused_time_does_not_count() {
        let mut plain = Sim::new();
        plain.run(3.0, 10 * MB, 0);
        let want = plain.left((1000 * MB, 1));

        let mut s = Sim::new();
        s.run(1.5, 10 * MB, 0);
        s.eta.set_paused(s.clock, true);
        // A minute paused, with samples that show no progress.
        for _ in 0..600 {
            s.clock += Duration::from_millis(100);
            s.eta.sample(s.clock, s.bytes, s.files);
        }
        s.eta.set_paused(s.clock, false);
        s.run(1.5, 10 * MB, 0);
        near(s.left((1000 * MB, 1)), want);
        s.speed_near(100 * MB, 0.05);
    }

    #[test]
    fn the_estimate_counts_down_smoothly() {
        let mut s = Sim::new();
        s.run(2.0, 10 * MB, 0);
        let first = s.left((1000 * MB, 1));
        s.run(1.0, 10 * MB, 0);
        let second = s.left((1000 * MB, 1));
        near(second, first - 1.0);
    }
}
