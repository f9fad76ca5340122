struct node { int n; struct node *next; };
int count(struct node *s) { int k = 0; while (s && s->n) { k++; s = s->next; } return k; }
