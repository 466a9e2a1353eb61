//! Shorthands for the common kinds of option.

#[allow(unused_imports, reason = "named by the doc links")]
use super::OptionDef;
use super::{Word, words};

/// An [`OptionDef`] of `$config` for the integer field `$field`, in `$min..=$max`.
#[macro_export]
macro_rules! integer_option {
    ($config:ty, $key:literal, $field:ident, $min:expr, $max:expr, $help:expr) => {
        $crate::OptionDef::<$config>::new(
            $key,
            $help,
            $crate::Field::Integer {
                min: $min,
                max: $max,
                get: |c| i64::from(c.$field),
                set: |c, v| c.$field = v as _,
            },
        )
    };
}

/// An [`OptionDef`] of `$config` for the field `$field`, of a [`Word`] type.
#[macro_export]
macro_rules! choice_option {
    ($config:ty, $key:literal, $field:ident, $help:expr) => {
        $crate::OptionDef::<$config>::new(
            $key,
            $help,
            $crate::Field::Choice {
                words: || $crate::words_of_field(|c: &$config| c.$field),
                get: |c| $crate::word_of(c.$field),
                set: |c, w| $crate::set_word(&mut c.$field, w),
            },
        )
    };
}

/// An [`OptionDef`] of `$config` for the `bool` field `$field`, spelled `on` or `off`.
#[macro_export]
macro_rules! switch_option {
    ($config:ty, $key:literal, $field:ident, $help:expr) => {
        $crate::OptionDef::<$config>::new(
            $key,
            $help,
            $crate::Field::Switch {
                get: |c| c.$field,
                set: |c, on| c.$field = on,
            },
        )
    };
}

/// Every word of the [`Word`] type that `field` reads (lets [`choice_option!`] name the
/// type by its field).
#[must_use]
pub fn words_of_field<C, T: Word>(_field: fn(&C) -> T) -> Vec<&'static str> {
    words::<T>()
}
