"""Evaluation of the search: the quality sets (qrels), the split, tuning, ablation and the final look."""
