"""New tasks of our own for reconfigurations: the genre catalogue and grammar (`maker`), the
words a task invites (`vocabulary`), and what a case's constraints ask of a new task and
change beside it (`fit`)."""

from .fit import renew_bound_literals, retopic_words, task_demands, topic_words
from .maker import CLASSES, TASK_FEATURES, Catalogue, Genre, Task, TaskMaker, catalogue

__all__ = ["CLASSES", "TASK_FEATURES", "Catalogue", "Genre", "Task", "TaskMaker", "catalogue",
           "renew_bound_literals", "retopic_words", "task_demands", "topic_words"]
