// Go port of `time.Time`'s calendar arithmetic (year 0, negative years, fixed offsets), which the output must match.
//! Instants with a fixed UTC offset, as Go's `time.Time` holds the
//! timestamps these functions parse: proleptic Gregorian calendar,
//! astronomical year numbering (year 0 exists, then -1...).

use std::cmp::Ordering;
use std::time::{SystemTime, UNIX_EPOCH};

const NANOS_PER_SECOND: i64 = 1_000_000_000;
const SECONDS_PER_DAY: i64 = 86_400;

pub(super) const MONTH_NAMES: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

pub(super) const DAY_NAMES: [&str; 7] = [
    "Sunday",
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Time {
    /// Seconds since 1970-01-01T00:00:00Z.
    unix: i64,
    /// Nanoseconds within the second, `0..1e9`.
    nanos: i64,
    /// Seconds east of UTC, the offset the timestamp was written with.
    offset: i64,
}

/// The calendar fields of a time at its own offset.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Civil {
    pub(super) year: i64,
    /// 1 to 12.
    pub(super) month: u32,
    pub(super) day: u32,
    pub(super) hour: u32,
    pub(super) minute: u32,
    pub(super) second: u32,
    /// 0 (Sunday) to 6.
    pub(super) weekday: usize,
}

pub(super) fn is_leap(year: i64) -> bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
}

pub(super) fn days_in(month: u32, year: i64) -> u32 {
    match month {
        2 if is_leap(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Days from 1970-01-01 to the given date.
fn days_from_civil(year: i64, month: u32, day: u32) -> i64 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let year_of_era = year - era * 400;
    let month_from_march = i64::from((month + 9) % 12);
    let day_of_year = (153 * month_from_march + 2) / 5 + i64::from(day) - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * 146_097 + day_of_era - 719_468
}

/// The date `days` after 1970-01-01.
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let days = days + 719_468;
    let era = days.div_euclid(146_097);
    let day_of_era = days - era * 146_097;
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_from_march = (5 * day_of_year + 2) / 153;
    let day = (day_of_year - (153 * month_from_march + 2) / 5 + 1) as u32;
    let month = if month_from_march < 10 {
        month_from_march + 3
    } else {
        month_from_march - 9
    } as u32;
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

impl Time {
    /// Go's `time.Date` for fields already in range, written at `offset`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn from_civil(
        year: i64,
        month: u32,
        day: u32,
        hour: u32,
        minute: u32,
        second: u32,
        nanos: i64,
        offset: i64,
    ) -> Time {
        let local = days_from_civil(year, month, day) * SECONDS_PER_DAY
            + i64::from(hour) * 3600
            + i64::from(minute) * 60
            + i64::from(second);
        Time {
            unix: local - offset,
            nanos,
            offset,
        }
    }

    /// Go's zero `time.Time`: 0001-01-01T00:00:00Z.
    pub(super) fn zero() -> Time {
        Time::from_civil(1, 1, 1, 0, 0, 0, 0, 0)
    }

    /// The current time in UTC.
    pub(super) fn now_utc() -> Time {
        let (unix, nanos) = match SystemTime::now().duration_since(UNIX_EPOCH) {
            Ok(d) => (d.as_secs() as i64, i64::from(d.subsec_nanos())),
            Err(e) => {
                let d = e.duration();
                let nanos = i64::from(d.subsec_nanos());
                let secs = -(d.as_secs() as i64);
                if nanos == 0 {
                    (secs, 0)
                } else {
                    (secs - 1, NANOS_PER_SECOND - nanos)
                }
            }
        };
        Time {
            unix,
            nanos,
            offset: 0,
        }
    }

    /// Go's `Time.Add` of a duration in nanoseconds.
    pub(super) fn add(&self, duration: i64) -> Time {
        let mut seconds = duration / NANOS_PER_SECOND;
        let mut nanos = self.nanos + duration % NANOS_PER_SECOND;
        if nanos >= NANOS_PER_SECOND {
            seconds += 1;
            nanos -= NANOS_PER_SECOND;
        } else if nanos < 0 {
            seconds -= 1;
            nanos += NANOS_PER_SECOND;
        }
        Time {
            unix: self.unix.saturating_add(seconds),
            nanos,
            offset: self.offset,
        }
    }

    /// Compares the instants, whatever offsets they were written with.
    pub(super) fn cmp_instant(&self, other: &Time) -> Ordering {
        (self.unix, self.nanos).cmp(&(other.unix, other.nanos))
    }

    pub(super) fn civil(&self) -> Civil {
        let local = self.unix + self.offset;
        let days = local.div_euclid(SECONDS_PER_DAY);
        let seconds = local.rem_euclid(SECONDS_PER_DAY) as u32;
        let (year, month, day) = civil_from_days(days);
        Civil {
            year,
            month,
            day,
            hour: seconds / 3600,
            minute: seconds / 60 % 60,
            second: seconds % 60,
            weekday: (days + 4).rem_euclid(7) as usize,
        }
    }

    /// Go's `Format(time.RFC3339)`.
    pub(super) fn format_rfc3339(&self) -> String {
        let c = self.civil();
        let mut out = String::with_capacity(25);
        push_int(&mut out, c.year, 4);
        out.push_str(&format!(
            "-{:02}-{:02}T{:02}:{:02}:{:02}",
            c.month, c.day, c.hour, c.minute, c.second
        ));
        out.push_str(&self.format_zone(ZoneStyle::IsoColon));
        out
    }

    /// The UTC offset as Go's layouts `Z07:00`, `-0700` and `-07:00`
    /// write it.
    pub(super) fn format_zone(&self, style: ZoneStyle) -> String {
        if self.offset == 0 && style == ZoneStyle::IsoColon {
            return "Z".to_owned();
        }
        let minutes = self.offset / 60;
        let sign = if minutes < 0 { '-' } else { '+' };
        let minutes = minutes.abs();
        match style {
            ZoneStyle::Numeric => format!("{sign}{:02}{:02}", minutes / 60, minutes % 60),
            ZoneStyle::IsoColon | ZoneStyle::NumericColon => {
                format!("{sign}{:02}:{:02}", minutes / 60, minutes % 60)
            }
        }
    }
}

/// Go's zone layouts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum ZoneStyle {
    /// `Z07:00`: `Z` for UTC.
    IsoColon,
    /// `-0700`.
    Numeric,
    /// `-07:00`.
    NumericColon,
}

/// Go's `appendInt`: a `-` for negative values, then at least `width`
/// digits.
fn push_int(out: &mut String, value: i64, width: usize) {
    if value < 0 {
        out.push('-');
    }
    out.push_str(&format!("{:0width$}", value.unsigned_abs()));
}
