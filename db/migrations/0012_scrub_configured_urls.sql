-- Configured URLs (DEFILLAMA_*_URL, RPC_URL_*) may carry a key in their path, query or user part; some
-- were stored whole (the DefiLlama history reader's sources and retry notices, the body-size error of
-- a run). Each such URL in the stored provenance and run texts is rewritten as the one rule shows it
-- (public-url.ts): scheme and host, '/…' for what was left out, then the path the code itself added
-- (/stablecoin/N, /stablecoincharts/X, /protocol/slug). A URL with a user part loses it the same way.
-- Any other URL (already labelled, a public endpoint, a Horizon query the code built) is left as it is.
-- The texts are cut at each '://' into pieces, each piece's URL is rewritten, and they are joined again
-- in order by a recursive join (libSQL's server parser refuses group_concat's ORDER BY).
CREATE TABLE `__url_scrub_in` (`tbl` text NOT NULL, `col` text NOT NULL, `rid` integer NOT NULL, `val` text NOT NULL);
--> statement-breakpoint
INSERT INTO `__url_scrub_in` SELECT 'ingest_runs', 'warnings', rowid, `warnings` FROM `ingest_runs` WHERE instr(`warnings`, '://') > 0;
--> statement-breakpoint
INSERT INTO `__url_scrub_in` SELECT 'ingest_runs', 'errors', rowid, `errors` FROM `ingest_runs` WHERE instr(`errors`, '://') > 0;
--> statement-breakpoint
INSERT INTO `__url_scrub_in` SELECT 'ingest_runs', 'reason', rowid, `reason` FROM `ingest_runs` WHERE instr(`reason`, '://') > 0;
--> statement-breakpoint
INSERT INTO `__url_scrub_in` SELECT 'ingest_observations', 'api_url', rowid, `api_url` FROM `ingest_observations` WHERE instr(`api_url`, '://') > 0;
--> statement-breakpoint
INSERT INTO `__url_scrub_in` SELECT 'ingest_observations', 'price_note', rowid, `price_note` FROM `ingest_observations` WHERE instr(`price_note`, '://') > 0;
--> statement-breakpoint
INSERT INTO `__url_scrub_in` SELECT 'ingest_history', 'api_url', rowid, `api_url` FROM `ingest_history` WHERE instr(`api_url`, '://') > 0;
--> statement-breakpoint
INSERT INTO `__url_scrub_in` SELECT 'chart_points', 'source', rowid, `source` FROM `chart_points` WHERE instr(`source`, '://') > 0;
--> statement-breakpoint
INSERT INTO `__url_scrub_in` SELECT 'network_series', 'source', rowid, `source` FROM `network_series` WHERE instr(`source`, '://') > 0;
--> statement-breakpoint
INSERT INTO `__url_scrub_in` SELECT 'assets', 'stale', rowid, `stale` FROM `assets` WHERE instr(`stale`, '://') > 0;
--> statement-breakpoint
INSERT INTO `__url_scrub_in` SELECT 'dataset_meta', 'value', rowid, `value` FROM `dataset_meta` WHERE instr(`value`, '://') > 0;
--> statement-breakpoint
INSERT INTO `__url_scrub_in` SELECT 'corrections', 'before', rowid, `before` FROM `corrections` WHERE instr(`before`, '://') > 0;
--> statement-breakpoint
INSERT INTO `__url_scrub_in` SELECT 'corrections', 'after', rowid, `after` FROM `corrections` WHERE instr(`after`, '://') > 0;
--> statement-breakpoint
INSERT INTO `__url_scrub_in` SELECT 'corrections', 'reason', rowid, `reason` FROM `corrections` WHERE instr(`reason`, '://') > 0;
--> statement-breakpoint
INSERT INTO `__url_scrub_in` SELECT 'alert_events', 'title', rowid, `title` FROM `alert_events` WHERE instr(`title`, '://') > 0;
--> statement-breakpoint
INSERT INTO `__url_scrub_in` SELECT 'alert_events', 'evidence', rowid, `evidence` FROM `alert_events` WHERE instr(`evidence`, '://') > 0;
--> statement-breakpoint
INSERT INTO `__url_scrub_in` SELECT 'published_cells', 'note', rowid, `note` FROM `published_cells` WHERE instr(`note`, '://') > 0;
--> statement-breakpoint
INSERT INTO `__url_scrub_in` SELECT 'published_cells', 'api_url', rowid, `api_url` FROM `published_cells` WHERE instr(`api_url`, '://') > 0;
--> statement-breakpoint
INSERT INTO `__url_scrub_in` SELECT 'published_cells', 'others', rowid, `others` FROM `published_cells` WHERE instr(`others`, '://') > 0;
--> statement-breakpoint
INSERT INTO `__url_scrub_in` SELECT 'published_runs', 'stale_cells', rowid, `stale_cells` FROM `published_runs` WHERE instr(`stale_cells`, '://') > 0;
--> statement-breakpoint
CREATE TABLE `__url_scrub_piece` AS
WITH RECURSIVE `split`(`tbl`, `col`, `rid`, `idx`, `piece`, `rest`) AS (
  SELECT `tbl`, `col`, `rid`, 0, substr(`val`, 1, instr(`val`, '://') - 1), substr(`val`, instr(`val`, '://') + 3) FROM `__url_scrub_in`
  UNION ALL
  SELECT `tbl`, `col`, `rid`, `idx` + 1,
    CASE WHEN instr(`rest`, '://') > 0 THEN substr(`rest`, 1, instr(`rest`, '://') - 1) ELSE `rest` END,
    CASE WHEN instr(`rest`, '://') > 0 THEN substr(`rest`, instr(`rest`, '://') + 3) ELSE NULL END
  FROM `split` WHERE `rest` IS NOT NULL
)
SELECT `tbl`, `col`, `rid`, `idx`, `piece` FROM `split`;
--> statement-breakpoint
CREATE TABLE `__url_scrub_token` AS
SELECT `tbl`, `col`, `rid`, `idx`, `tok`, `after`,
  substr(`tok`, 1, `a` - 1) AS `auth`, substr(`tok`, `a`) AS `path`
FROM (
  SELECT `tbl`, `col`, `rid`, `idx`, substr(`piece`, 1, `e` - 1) AS `tok`, substr(`piece`, `e`) AS `after`,
    min(coalesce(nullif(instr(substr(`piece`, 1, `e` - 1), '/'), 0), length(substr(`piece`, 1, `e` - 1)) + 1), coalesce(nullif(instr(substr(`piece`, 1, `e` - 1), '?'), 0), length(substr(`piece`, 1, `e` - 1)) + 1), coalesce(nullif(instr(substr(`piece`, 1, `e` - 1), '#'), 0), length(substr(`piece`, 1, `e` - 1)) + 1)) AS `a`
  FROM (SELECT *, min(coalesce(nullif(instr(`piece`, ' '), 0), length(`piece`) + 1), coalesce(nullif(instr(`piece`, char(9)), 0), length(`piece`) + 1), coalesce(nullif(instr(`piece`, char(10)), 0), length(`piece`) + 1), coalesce(nullif(instr(`piece`, char(13)), 0), length(`piece`) + 1), coalesce(nullif(instr(`piece`, '"'), 0), length(`piece`) + 1), coalesce(nullif(instr(`piece`, ''''), 0), length(`piece`) + 1), coalesce(nullif(instr(`piece`, '<'), 0), length(`piece`) + 1), coalesce(nullif(instr(`piece`, '>'), 0), length(`piece`) + 1), coalesce(nullif(instr(`piece`, '`'), 0), length(`piece`) + 1), coalesce(nullif(instr(`piece`, '\'), 0), length(`piece`) + 1), coalesce(nullif(instr(`piece`, ')'), 0), length(`piece`) + 1), coalesce(nullif(instr(`piece`, ','), 0), length(`piece`) + 1)) AS `e` FROM `__url_scrub_piece` WHERE `idx` > 0)
);
--> statement-breakpoint
CREATE TABLE `__url_scrub_new` AS
SELECT `tbl`, `col`, `rid`, `idx`,
  CASE WHEN instr(`auth`, '@') > 0 THEN substr(`auth`, instr(`auth`, '@') + 1) ELSE `auth` END
  || CASE
    WHEN substr(`path`, 1, 2) = '/…' THEN `path`
    WHEN instr(`auth`, '@') > 0 AND `k` = 1000000000 THEN '/…'
    WHEN instr(`auth`, '@') > 0 OR (`k` > 1 AND `k` < 1000000000) THEN '/…' || substr(`path`, `k`, CASE WHEN `q` > `k` THEN `q` - `k` ELSE length(`path`) END)
    ELSE `path`
  END
  || `after` AS `piece`
FROM (
  SELECT *, min(coalesce(nullif(instr(`path`, '/stablecoincharts/'), 0), 1000000000), coalesce(nullif(instr(`path`, '/stablecoin/'), 0), 1000000000), coalesce(nullif(instr(`path`, '/protocol/'), 0), 1000000000)) AS `k`,
    min(coalesce(nullif(instr(`path`, '?'), 0), 1000000000), coalesce(nullif(instr(`path`, '#'), 0), 1000000000)) % 1000000000 AS `q`
  FROM `__url_scrub_token`
)
UNION ALL
SELECT `tbl`, `col`, `rid`, `idx`, `piece` FROM `__url_scrub_piece` WHERE `idx` = 0;
--> statement-breakpoint
CREATE TABLE `__url_scrub_out` AS
WITH RECURSIVE `joined`(`tbl`, `col`, `rid`, `idx`, `val`) AS (
  SELECT `tbl`, `col`, `rid`, `idx`, `piece` FROM `__url_scrub_new` WHERE `idx` = 0
  UNION ALL
  SELECT j.`tbl`, j.`col`, j.`rid`, n.`idx`, j.`val` || '://' || n.`piece`
  FROM `joined` j JOIN `__url_scrub_new` n ON n.`tbl` = j.`tbl` AND n.`col` = j.`col` AND n.`rid` = j.`rid` AND n.`idx` = j.`idx` + 1
)
SELECT `tbl`, `col`, `rid`, `val` FROM `joined` j
WHERE `idx` = (SELECT max(m.`idx`) FROM `__url_scrub_new` m WHERE m.`tbl` = j.`tbl` AND m.`col` = j.`col` AND m.`rid` = j.`rid`);
--> statement-breakpoint
UPDATE `ingest_runs` SET `warnings` = (SELECT `val` FROM `__url_scrub_out` o WHERE o.`tbl` = 'ingest_runs' AND o.`col` = 'warnings' AND o.`rid` = `ingest_runs`.rowid) WHERE rowid IN (SELECT `rid` FROM `__url_scrub_out` WHERE `tbl` = 'ingest_runs' AND `col` = 'warnings');
--> statement-breakpoint
UPDATE `ingest_runs` SET `errors` = (SELECT `val` FROM `__url_scrub_out` o WHERE o.`tbl` = 'ingest_runs' AND o.`col` = 'errors' AND o.`rid` = `ingest_runs`.rowid) WHERE rowid IN (SELECT `rid` FROM `__url_scrub_out` WHERE `tbl` = 'ingest_runs' AND `col` = 'errors');
--> statement-breakpoint
UPDATE `ingest_runs` SET `reason` = (SELECT `val` FROM `__url_scrub_out` o WHERE o.`tbl` = 'ingest_runs' AND o.`col` = 'reason' AND o.`rid` = `ingest_runs`.rowid) WHERE rowid IN (SELECT `rid` FROM `__url_scrub_out` WHERE `tbl` = 'ingest_runs' AND `col` = 'reason');
--> statement-breakpoint
UPDATE `ingest_observations` SET `api_url` = (SELECT `val` FROM `__url_scrub_out` o WHERE o.`tbl` = 'ingest_observations' AND o.`col` = 'api_url' AND o.`rid` = `ingest_observations`.rowid) WHERE rowid IN (SELECT `rid` FROM `__url_scrub_out` WHERE `tbl` = 'ingest_observations' AND `col` = 'api_url');
--> statement-breakpoint
UPDATE `ingest_observations` SET `price_note` = (SELECT `val` FROM `__url_scrub_out` o WHERE o.`tbl` = 'ingest_observations' AND o.`col` = 'price_note' AND o.`rid` = `ingest_observations`.rowid) WHERE rowid IN (SELECT `rid` FROM `__url_scrub_out` WHERE `tbl` = 'ingest_observations' AND `col` = 'price_note');
--> statement-breakpoint
UPDATE `ingest_history` SET `api_url` = (SELECT `val` FROM `__url_scrub_out` o WHERE o.`tbl` = 'ingest_history' AND o.`col` = 'api_url' AND o.`rid` = `ingest_history`.rowid) WHERE rowid IN (SELECT `rid` FROM `__url_scrub_out` WHERE `tbl` = 'ingest_history' AND `col` = 'api_url');
--> statement-breakpoint
UPDATE `chart_points` SET `source` = (SELECT `val` FROM `__url_scrub_out` o WHERE o.`tbl` = 'chart_points' AND o.`col` = 'source' AND o.`rid` = `chart_points`.rowid) WHERE rowid IN (SELECT `rid` FROM `__url_scrub_out` WHERE `tbl` = 'chart_points' AND `col` = 'source');
--> statement-breakpoint
UPDATE `network_series` SET `source` = (SELECT `val` FROM `__url_scrub_out` o WHERE o.`tbl` = 'network_series' AND o.`col` = 'source' AND o.`rid` = `network_series`.rowid) WHERE rowid IN (SELECT `rid` FROM `__url_scrub_out` WHERE `tbl` = 'network_series' AND `col` = 'source');
--> statement-breakpoint
UPDATE `assets` SET `stale` = (SELECT `val` FROM `__url_scrub_out` o WHERE o.`tbl` = 'assets' AND o.`col` = 'stale' AND o.`rid` = `assets`.rowid) WHERE rowid IN (SELECT `rid` FROM `__url_scrub_out` WHERE `tbl` = 'assets' AND `col` = 'stale');
--> statement-breakpoint
UPDATE `dataset_meta` SET `value` = (SELECT `val` FROM `__url_scrub_out` o WHERE o.`tbl` = 'dataset_meta' AND o.`col` = 'value' AND o.`rid` = `dataset_meta`.rowid) WHERE rowid IN (SELECT `rid` FROM `__url_scrub_out` WHERE `tbl` = 'dataset_meta' AND `col` = 'value');
--> statement-breakpoint
UPDATE `corrections` SET `before` = (SELECT `val` FROM `__url_scrub_out` o WHERE o.`tbl` = 'corrections' AND o.`col` = 'before' AND o.`rid` = `corrections`.rowid) WHERE rowid IN (SELECT `rid` FROM `__url_scrub_out` WHERE `tbl` = 'corrections' AND `col` = 'before');
--> statement-breakpoint
UPDATE `corrections` SET `after` = (SELECT `val` FROM `__url_scrub_out` o WHERE o.`tbl` = 'corrections' AND o.`col` = 'after' AND o.`rid` = `corrections`.rowid) WHERE rowid IN (SELECT `rid` FROM `__url_scrub_out` WHERE `tbl` = 'corrections' AND `col` = 'after');
--> statement-breakpoint
UPDATE `corrections` SET `reason` = (SELECT `val` FROM `__url_scrub_out` o WHERE o.`tbl` = 'corrections' AND o.`col` = 'reason' AND o.`rid` = `corrections`.rowid) WHERE rowid IN (SELECT `rid` FROM `__url_scrub_out` WHERE `tbl` = 'corrections' AND `col` = 'reason');
--> statement-breakpoint
UPDATE `alert_events` SET `title` = (SELECT `val` FROM `__url_scrub_out` o WHERE o.`tbl` = 'alert_events' AND o.`col` = 'title' AND o.`rid` = `alert_events`.rowid) WHERE rowid IN (SELECT `rid` FROM `__url_scrub_out` WHERE `tbl` = 'alert_events' AND `col` = 'title');
--> statement-breakpoint
UPDATE `alert_events` SET `evidence` = (SELECT `val` FROM `__url_scrub_out` o WHERE o.`tbl` = 'alert_events' AND o.`col` = 'evidence' AND o.`rid` = `alert_events`.rowid) WHERE rowid IN (SELECT `rid` FROM `__url_scrub_out` WHERE `tbl` = 'alert_events' AND `col` = 'evidence');
--> statement-breakpoint
UPDATE `published_cells` SET `note` = (SELECT `val` FROM `__url_scrub_out` o WHERE o.`tbl` = 'published_cells' AND o.`col` = 'note' AND o.`rid` = `published_cells`.rowid) WHERE rowid IN (SELECT `rid` FROM `__url_scrub_out` WHERE `tbl` = 'published_cells' AND `col` = 'note');
--> statement-breakpoint
UPDATE `published_cells` SET `api_url` = (SELECT `val` FROM `__url_scrub_out` o WHERE o.`tbl` = 'published_cells' AND o.`col` = 'api_url' AND o.`rid` = `published_cells`.rowid) WHERE rowid IN (SELECT `rid` FROM `__url_scrub_out` WHERE `tbl` = 'published_cells' AND `col` = 'api_url');
--> statement-breakpoint
UPDATE `published_cells` SET `others` = (SELECT `val` FROM `__url_scrub_out` o WHERE o.`tbl` = 'published_cells' AND o.`col` = 'others' AND o.`rid` = `published_cells`.rowid) WHERE rowid IN (SELECT `rid` FROM `__url_scrub_out` WHERE `tbl` = 'published_cells' AND `col` = 'others');
--> statement-breakpoint
UPDATE `published_runs` SET `stale_cells` = (SELECT `val` FROM `__url_scrub_out` o WHERE o.`tbl` = 'published_runs' AND o.`col` = 'stale_cells' AND o.`rid` = `published_runs`.rowid) WHERE rowid IN (SELECT `rid` FROM `__url_scrub_out` WHERE `tbl` = 'published_runs' AND `col` = 'stale_cells');
--> statement-breakpoint
DROP TABLE `__url_scrub_in`;
--> statement-breakpoint
DROP TABLE `__url_scrub_piece`;
--> statement-breakpoint
DROP TABLE `__url_scrub_token`;
--> statement-breakpoint
DROP TABLE `__url_scrub_new`;
--> statement-breakpoint
DROP TABLE `__url_scrub_out`;
