struct node { int n; char name[8]; struct node *next; };
int total(struct node *s) { int k = 0; for (; s; s = s->next) k += s->name[0] + s->n; return k; }
