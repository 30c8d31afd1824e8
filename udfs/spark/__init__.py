"""The Spark layer: registration of the catalog as Arrow UDFs (udf_registration), the session runtime and its
configuration (runtime), jcat's shared metastore service (metastore), locks between processes (locks), landing raw
files into tables (landing), progress (progress), output of rows (output). Imports udfs.core only."""
