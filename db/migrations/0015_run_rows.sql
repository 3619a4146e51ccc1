-- The run's state moves out of dataset_meta's untyped keys into typed rows. A run's log phase keeps
-- its indexing progress on its own record (ingest_runs.indexing) until its publish puts it on the
-- published_runs row.
ALTER TABLE `ingest_runs` ADD `indexing` text;
--> statement-breakpoint
-- A database published before the read model existed has no published_runs row, only the keys its
-- last published run left: that run becomes the row (published when its record says it finished;
-- method version 1, the only one there has been when this was written, where corrections never noted
-- one), and the start after this builds its published cells and totals (setup:read-model names the
-- run; src/lib/server/setup/prepare.ts). A database with rows (published since) keeps them as they
-- are: the keys repeated what its newest row holds. A value that is not what the key always held
-- (a run id, an as-of day, a list, a map) is not moved.
INSERT INTO `published_runs` (`run_id`, `as_of`, `published_at`, `method_version`, `stale_cells`, `indexing`, `overview`, `snapshot_comparison`)
SELECT
  json_extract(`r`.`value`, '$'),
  json_extract(`a`.`value`, '$'),
  coalesce((SELECT `finished_at` FROM `ingest_runs` WHERE `id` = json_extract(`r`.`value`, '$')), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  coalesce((SELECT json_extract(`value`, '$') FROM `dataset_meta` WHERE `key` = 'methodVersion' AND (CASE WHEN json_valid(`value`) THEN json_type(`value`) END) = 'integer'), 1),
  coalesce((SELECT `value` FROM `dataset_meta` WHERE `key` = 'staleCells' AND (CASE WHEN json_valid(`value`) THEN json_type(`value`) END) = 'array'), '[]'),
  coalesce((SELECT `value` FROM `dataset_meta` WHERE `key` = 'indexing' AND (CASE WHEN json_valid(`value`) THEN json_type(`value`) END) = 'object'), '{}'),
  coalesce((SELECT `value` FROM `dataset_meta` WHERE `key` = 'marketOverview' AND (CASE WHEN json_valid(`value`) THEN json_type(`value`) END) = 'object'), '{}'),
  (SELECT `value` FROM `dataset_meta` WHERE `key` = 'snapshotComparison' AND (CASE WHEN json_valid(`value`) THEN json_type(`value`) END) = 'array')
FROM `dataset_meta` AS `r` JOIN `dataset_meta` AS `a` ON `a`.`key` = 'asOf'
WHERE `r`.`key` = 'publishedRun'
  AND (CASE WHEN json_valid(`r`.`value`) THEN json_type(`r`.`value`) END) = 'integer'
  AND (CASE WHEN json_valid(`a`.`value`) THEN json_type(`a`.`value`) END) = 'text'
  AND NOT EXISTS (SELECT 1 FROM `published_runs`);
--> statement-breakpoint
INSERT INTO `dataset_meta` (`key`, `value`)
SELECT 'setup:read-model', CAST(`run_id` AS TEXT) FROM `published_runs`
WHERE NOT EXISTS (SELECT 1 FROM `published_cells`) AND NOT EXISTS (SELECT 1 FROM `published_totals`)
ORDER BY `run_id` DESC LIMIT 1;
--> statement-breakpoint
-- The indexing progress the next publish carries: the newest run's record holds it now.
UPDATE `ingest_runs` SET `indexing` = (SELECT `value` FROM `dataset_meta` WHERE `key` = 'indexing')
WHERE `id` = (SELECT max(`id`) FROM `ingest_runs`)
  AND EXISTS (SELECT 1 FROM `dataset_meta` WHERE `key` = 'indexing' AND (CASE WHEN json_valid(`value`) THEN json_type(`value`) END) = 'object');
--> statement-breakpoint
-- The run's keys go. The snapshot's as-of day and overview (the seed's keys) stay while no run is
-- published; once one is, those two keys held that run's figures, which its row now holds.
DELETE FROM `dataset_meta` WHERE `key` IN ('publishedRun', 'staleCells', 'snapshotComparison', 'indexing', 'methodVersion')
  OR (`key` IN ('asOf', 'marketOverview') AND EXISTS (SELECT 1 FROM `published_runs`));
