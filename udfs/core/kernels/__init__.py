"""Decoders for mainframe binary fields, on whole Arrow batches. This package imports no Spark."""

from .batch import DecodeError
from .binary import unpack_bin, unpack_bin_decimal
from .clocks import parse_ibmi_timestamp, parse_lrsn, parse_timestamp17, parse_timestamp17_fraction, parse_tod
from .decimal import unpack_packed, unpack_zoned
from .ebcdic import SUPPORTED_CCSIDS, TEXT_CCSIDS, UnsupportedCcsid, ebcdic_str
from .edited import unpack_edited
from .hfp import unpack_hfp
from .ibmi import ibmi_date, ibmi_null_flags, ibmi_time, ibmi_varbinary, ibmi_varchar, unpack_float

__all__ = [
    "DecodeError",
    "UnsupportedCcsid",
    "SUPPORTED_CCSIDS",
    "TEXT_CCSIDS",
    "ibmi_date",
    "ibmi_time",
    "unpack_float",
    "ibmi_varchar",
    "ibmi_varbinary",
    "ibmi_null_flags",
    "ebcdic_str",
    "unpack_zoned",
    "unpack_packed",
    "unpack_bin",
    "unpack_bin_decimal",
    "unpack_edited",
    "unpack_hfp",
    "parse_tod",
    "parse_lrsn",
    "parse_timestamp17",
    "parse_timestamp17_fraction",
    "parse_ibmi_timestamp",
]
