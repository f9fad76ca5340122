struct node { int n; char name[8]; struct node *next; };
int total(struct node *s) { int k = 0; while (s) { k += s->n + s->name[0]; s = s->next; } return k; }
