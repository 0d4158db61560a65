DROP TABLE ai_summaries;
DROP TABLE quiz_results;
