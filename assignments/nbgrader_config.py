"""nbgrader configuration of the svmbook assignments, read by every nbgrader command run here.

``make assignments`` runs ``nbgrader generate_assignment chNN --no-db --force`` in this directory:
the source notebooks are ``source/chNN/*.ipynb``, the student versions go to ``release/chNN/``.
Autograding (``nbgrader autograde``) keeps its gradebook in ``gradebook.db`` here.
"""

c = get_config()  # noqa: F821 (nbgrader defines get_config when it loads this file)
c.CourseDirectory.course_id = "svmbook"
# A cell that runs longer than this fails the autograder instead of hanging it.
c.ExecutePreprocessor.timeout = 120
